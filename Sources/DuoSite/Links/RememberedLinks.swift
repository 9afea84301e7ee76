import Foundation

/// The addresses a link check found good, with when: kept beside the output
/// folder (`.Public.duosite-links`, as the build's cache is), so that a
/// check run again within `--links-max-age` asks only what it must. Errors
/// and unsettled answers are never remembered.
///
/// The file is text: a first line `duosite-links 1`, then one line an
/// address, `SECONDS<TAB>ADDRESS`, the time it answered in seconds since
/// 1970. A file that cannot be read is as good as none.
struct RememberedLinks: Sendable {
    /// When each address last answered well, in seconds since 1970.
    private(set) var answered: [String: Double] = [:]

    /// The first line of the file.
    static let header = "duosite-links 1"

    /// The file beside `output`.
    static func location(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).duosite-links")
    }

    /// No address remembered.
    init() {}

    /// The addresses in the file at `url` that answered within `maxAge`
    /// seconds of `now`.
    init(reading url: URL, now: Double, maxAge: Double) {
        guard maxAge > 0, let text = try? String(contentsOf: url, encoding: .utf8) else { return }
        let lines = text.split(separator: "\n")
        guard lines.first == Substring(Self.header) else { return }
        for line in lines.dropFirst() {
            guard let tab = line.firstIndex(of: "\t"), let seconds = Double(line[..<tab]) else { continue }
            let address = String(line[line.index(after: tab)...])
            if seconds <= now, now - seconds < maxAge {
                answered[address] = max(answered[address] ?? 0, seconds)
            }
        }
    }

    /// Whether `address` answered well recently enough.
    func contains(_ address: String) -> Bool { answered[address] != nil }

    /// Remembers that `address` answered well at `seconds`.
    mutating func remember(_ address: String, at seconds: Double) {
        answered[address] = seconds
    }

    /// Writes the file at `url` whole (a draft beside it, renamed over it);
    /// false when it cannot be written (the check's findings stand all the
    /// same).
    @discardableResult
    func write(to url: URL) -> Bool {
        var text = Self.header + "\n"
        for (address, seconds) in answered.sorted(by: { $0.key < $1.key }) {
            text += "\(Int(seconds))\t\(address)\n"
        }
        let draft = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".new")
        do {
            try Data(text.utf8).write(to: draft)
            guard rename(draft.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            return true
        } catch {
            try? FileManager.default.removeItem(at: draft)
            return false
        }
    }
}
