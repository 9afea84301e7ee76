import Diagnostics
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
