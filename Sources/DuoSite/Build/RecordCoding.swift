/// A compact text encoding for the build cache: one record a line, fields
/// separated by U+001F, with `\`, newlines and separators escaped. Reading
/// ten thousand records takes milliseconds, where JSON decoding would take
/// seconds.
struct RecordWriter {
    private(set) var line = ""

    /// Appends a text field.
    mutating func add(_ text: String) {
        if !line.isEmpty || wroteAny { line.unicodeScalars.append("\u{1F}") }
        wroteAny = true
        if text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0x0A || $0 == 0x1F || $0 == 0x0D }) {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": line += "\\\\"
                case "\n": line += "\\n"
                case "\r": line += "\\r"
                case "\u{1F}": line += "\\u"
                default: line.unicodeScalars.append(scalar)
                }
            }
        } else {
            line += text
        }
    }

    /// Appends a number field.
    mutating func add(_ number: Int) { add(String(number)) }

    /// Appends an optional text field (absent is written as U+0000).
    mutating func add(optional text: String?) { add(text ?? "\u{0}") }

    /// Appends a location (line and column; the file is the record's).
    mutating func add(_ location: SourceLocation) {
        add(location.line)
        add(location.column)
    }

    private var wroteAny = false
}

/// Reads the fields of one record written by `RecordWriter`.
struct RecordReader {
    struct Malformed: Error {}

    private let fields: [Substring]
    private var index = 0
    /// The file locations in the record belong to.
    var file = ""

    init(_ line: Substring) {
        fields = line.split(separator: "\u{1F}", omittingEmptySubsequences: false)
    }

    /// The next text field.
    mutating func text() throws -> String {
        guard index < fields.count else { throw Malformed() }
        let field = fields[index]
        index += 1
        guard field.utf8.contains(UInt8(ascii: "\\")) else { return String(field) }
        var result = ""
        var escaping = false
        for scalar in field.unicodeScalars {
            if escaping {
                switch scalar {
                case "n": result += "\n"
                case "r": result += "\r"
                case "u": result.unicodeScalars.append("\u{1F}")
                default: result.unicodeScalars.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The next number field.
    mutating func number() throws -> Int {
        guard let value = Int(try text()) else { throw Malformed() }
        return value
    }

    /// The next optional text field.
    mutating func optionalText() throws -> String? {
        let value = try text()
        return value == "\u{0}" ? nil : value
    }

    /// The next location.
    mutating func location() throws -> SourceLocation {
        SourceLocation(file: file, line: try number(), column: try number())
    }
}
