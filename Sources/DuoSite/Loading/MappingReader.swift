import YAML

/// Reads the fields of one YAML map (a front matter, a site.yml, a source
/// entry, a demo item), turning every missing, malformed or unknown key into
/// a finding at its line and column instead of stopping at the first.
struct MappingReader {
    /// The file the map is in, relative to the site root.
    let file: String
    /// The map node.
    let node: YAMLNode
    /// What the map is, for messages: "front matter", "source 'hig'".
    let subject: String
    /// Findings gathered so far.
    var diagnostics: [Diagnostic] = []

    /// Creates a reader; a node that is not a map is reported at once.
    init(file: String, node: YAMLNode, subject: String) {
        self.file = file
        self.node = node
        self.subject = subject
        if node.pairs == nil {
            diagnostics.append(Diagnostic(.invalidField, "\(subject) should be a map of keys and values, not \(node.shapeDescription)", at: location(node.mark)))
        }
    }

    /// The location of a mark in this file.
    func location(_ mark: Mark) -> SourceLocation {
        SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    /// The location of the map itself.
    var location: SourceLocation { location(node.mark) }

    /// The value node under `key`, reporting it missing when `required`.
    mutating func value(_ key: String, required: Bool = false) -> YAMLNode? {
        if let value = node[key] {
            guard required, value.isNull else { return value }
            // `summary:` with nothing after it: named where it is written.
            diagnostics.append(Diagnostic(.missingField, "'\(key)' is empty", at: location(value.mark)))
            return nil
        }
        // A node that is not a map was reported once, not once a key.
        if required, node.pairs != nil {
            diagnostics.append(Diagnostic(.missingField, "\(subject) is missing the required key '\(key)'", at: location))
        }
        return nil
    }

    /// A text value: any scalar that is not null.
    mutating func string(_ key: String, required: Bool = false) -> Located<String>? {
        guard let value = value(key, required: required) else { return nil }
        guard let text = value.string, !value.isNull else {
            if !value.isNull || required {
                diagnostics.append(Diagnostic(.invalidField, "'\(key)' should be text, not \(value.shapeDescription)", at: location(value.mark)))
            }
            return nil
        }
        if required, text.isBlank {
            diagnostics.append(Diagnostic(.missingField, "'\(key)' is empty", at: location(value.mark)))
            return nil
        }
        return Located(text, at: location(value.mark))
    }

    /// A `YYYY-MM-DD` date.
    mutating func day(_ key: String, required: Bool = false) -> Located<Day>? {
        guard let text = string(key, required: required) else { return nil }
        guard let day = Day(text.value) else {
            var message = "'\(key)' should be a date written YYYY-MM-DD, not '\(text.value)'"
            if let meant = Day.meant(by: text.value) { message += "; did you mean '\(meant)'?" }
            diagnostics.append(Diagnostic(.invalidField, message, at: text.location))
            return nil
        }
        return Located(day, at: text.location)
    }

    /// An interval such as `180d`, `6m`.
    mutating func interval(_ key: String) -> Located<ReviewInterval>? {
        guard let text = string(key) else { return nil }
        guard let interval = ReviewInterval(text.value) else {
            var message = "'\(key)' should be a number and a unit (d, w, m or y), like 180d or 6m, not '\(text.value)'"
            if let meant = ReviewInterval.meant(by: text.value) { message += "; did you mean '\(meant)'?" }
            diagnostics.append(Diagnostic(.invalidField, message, at: text.location))
            return nil
        }
        return Located(interval, at: text.location)
    }

    /// A whole number.
    mutating func int(_ key: String, required: Bool = false) -> Located<Int>? {
        guard let value = value(key, required: required) else { return nil }
        guard let number = value.int else {
            diagnostics.append(Diagnostic(.invalidField, "'\(key)' should be a whole number, not \(describe(value))", at: location(value.mark)))
            return nil
        }
        return Located(number, at: location(value.mark))
    }

    /// `true` or `false`.
    mutating func bool(_ key: String) -> Located<Bool>? {
        guard let value = value(key) else { return nil }
        guard let flag = value.bool else {
            diagnostics.append(Diagnostic(.invalidField, "'\(key)' should be true or false, not \(describe(value))", at: location(value.mark)))
            return nil
        }
        return Located(flag, at: location(value.mark))
    }

    /// A list of text values (a single text value counts as a list of one).
    mutating func strings(_ key: String) -> [Located<String>] {
        guard let value = value(key), !value.isNull else { return [] }
        if value.elements == nil, let text = value.string, text.contains(",") {
            // `tags: bars, symbols` is one value in YAML: surely two were meant.
            diagnostics.append(Diagnostic(.invalidField, "'\(key)' is one value, '\(text)'; write a list in brackets, [\(text)]", at: location(value.mark)))
            return []
        }
        let elements = value.elements ?? [value]
        var result: [Located<String>] = []
        for element in elements {
            guard let text = element.string, !element.isNull, !text.isBlank else {
                diagnostics.append(Diagnostic(.invalidField, "'\(key)' should be a list of text values, none of them empty", at: location(element.mark)))
                continue
            }
            result.append(Located(text, at: location(element.mark)))
        }
        return result
    }

    /// Reports every key not in `known`, with the nearest known key as a
    /// suggestion (an unknown key is usually a typo), or the key `meanings`
    /// gives for it (another generator's name for a known key).
    mutating func reportUnknownKeys(known: [String], meanings: [String: String] = [:], code: DiagnosticCode = .unknownKey, severity: Diagnostic.Severity? = nil) {
        for pair in node.pairs ?? [] {
            // Known keys are compared where they lie: a string is made only of another.
            if pair.key.isScalar(in: known) { continue }
            guard let key = pair.key.string else {
                diagnostics.append(Diagnostic(.invalidField, "a key in \(subject) should be text", at: location(pair.key.mark)))
                continue
            }
            guard !known.contains(key) else { continue }
            var message = "unknown key '\(key)' in \(subject)"
            if let meaning = meanings[key] ?? meanings[key.lowercased()] {
                message += meaning
            } else if let suggestion = Suggestion.nearest(to: key, in: known) {
                message += "; did you mean '\(suggestion)'?"
            }
            diagnostics.append(Diagnostic(code, message, at: location(pair.key.mark), severity: severity))
        }
    }

    private func describe(_ value: YAMLNode) -> String {
        if let text = value.string { return "'\(text)'" }
        return value.shapeDescription
    }
}

/// The closest name to a misspelt one, for "did you mean" suggestions.
enum Suggestion {
    /// The candidate nearest `word` (the first of the nearest), when it is
    /// within a few edits: two, or a third of the word's length. A broken
    /// link's suggestion is looked for among ten thousand page names, so
    /// the word is lowered once and a candidate whose length alone puts it
    /// too far is not compared.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        // Plain ASCII (as page names are) is compared byte by byte.
        let targetBytes = asciiLowered(word)
        let limit = max(2, word.count / 3)
        var best: (candidate: String, distance: Int)?
        var rows = Rows()
        for candidate in candidates {
            let distance: Int
            if let targetBytes, let bytes = asciiLowered(candidate) {
                // Each letter more or fewer is an edit.
                guard abs(bytes.count - targetBytes.count) <= limit else { continue }
                distance = Self.distance(targetBytes, bytes, rows: &rows)
            } else {
                let lowered = Array(candidate.lowercased())
                guard abs(lowered.count - target.count) <= limit else { continue }
                distance = Self.distance(target, lowered, rows: &rows)
            }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best, best.distance <= limit else { return nil }
        return best.candidate
    }

    /// The bytes of `text` lowered, when it is ASCII with no carriage
    /// return (so that each byte is one character); nil otherwise.
    private static func asciiLowered(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80, byte != 0x0D else { return nil }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        return bytes
    }

    /// Three rows of the distance table, kept from one comparison to the next.
    private struct Rows {
        var beforePrevious: [Int] = []
        var previous: [Int] = []
        var current: [Int] = []
    }

    /// Edits between two words: a letter added, removed, changed, or two
    /// neighbours swapped (`titel` is one edit from `title`), the commonest
    /// slips of typing.
    private static func distance<Letter: Equatable>(_ a: [Letter], _ b: [Letter], rows: inout Rows) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if a.count > 64 || b.count > 64 { return max(a.count, b.count) }
        rows.beforePrevious = Array(repeating: 0, count: b.count + 1)
        rows.previous = Array(0...b.count)
        rows.current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            rows.current[0] = i
            for j in 1...b.count {
                var value = min(rows.previous[j] + 1, rows.current[j - 1] + 1, rows.previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows.beforePrevious[j - 2] + 1)
                }
                rows.current[j] = value
            }
            swap(&rows.beforePrevious, &rows.previous)
            swap(&rows.previous, &rows.current)
        }
        return rows.previous[b.count]
    }
}
