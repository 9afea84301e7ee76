import Foundation

/// A content file read from disk as text, or the reason it cannot be: it is
/// missing, empty, binary or not UTF-8. Reading never throws: every problem
/// becomes a finding.
struct SourceFile: Sendable {
    /// The path relative to the site root, as findings print it.
    let path: String
    /// The file's text.
    let text: String

    /// The largest file duosite reads; beyond it a page is surely a mistake.
    static let maximumSize = 16 * 1024 * 1024

    /// Reads `path` under `root`.
    static func read(_ path: String, root: URL) -> Result<SourceFile, Diagnostic> {
        let url = root.appendingPathComponent(path)
        let location = SourceLocation(file: path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(Diagnostic(.missingFile, "cannot read \(path): the file is missing or unreadable", at: location))
        }
        return decode(data, path: path)
    }

    /// Checks and decodes a file's bytes.
    static func decode(_ data: Data, path: String) -> Result<SourceFile, Diagnostic> {
        let location = SourceLocation(file: path)
        if data.count > maximumSize {
            return .failure(Diagnostic(.unreadableFile, "the file is \(data.count / 1_048_576) MB; duosite reads files of at most \(maximumSize / 1_048_576) MB", at: location))
        }
        // Is it blank, does it hold a NUL or a CR? (memchr: these run on every page.)
        var blank = true, nulOffset: Int?, hasCarriageReturn = false
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress, raw.count > 0 else { return }
            if let nul = memchr(base, 0, raw.count) {
                nulOffset = base.distance(to: UnsafeRawPointer(nul))
            }
            hasCarriageReturn = memchr(base, 0x0D, raw.count) != nil
            blank = !raw.contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }
        }
        if let nulOffset {
            let (line, column) = position(of: nulOffset, in: data)
            return .failure(Diagnostic(.unreadableFile, "the file looks binary (it holds a NUL byte), not text", at: SourceLocation(file: path, line: line, column: column)))
        }
        if blank {
            return .failure(Diagnostic(.unreadableFile, "the file is empty", at: location))
        }
        let decoded = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            String(validating: raw.bindMemory(to: UInt8.self), as: UTF8.self)
        }
        guard var text = decoded else {
            let offset = firstInvalidUTF8(in: data)
            let (line, column) = position(of: offset, in: data)
            return .failure(Diagnostic(.unreadableFile, "the file is not valid UTF-8; save it as UTF-8", at: SourceLocation(file: path, line: line, column: column)))
        }
        if text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst() }
        if hasCarriageReturn {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return .success(SourceFile(path: path, text: text))
    }

    private static func firstInvalidUTF8(in data: Data) -> Int {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var good = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                good = offset
            case .emptyInput:
                return good
            case .error:
                return good
            }
        }
    }

    private static func position(of offset: Int, in data: Data) -> (Int, Int) {
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
