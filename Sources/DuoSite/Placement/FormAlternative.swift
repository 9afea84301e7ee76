/// One alternative of a form: the parts it shows, some optional
/// (`symbol + value + badge?`). It fits an item that has every part that
/// is not optional.
public struct FormAlternative: Sendable, Hashable, CustomStringConvertible {
    /// The parts, in order, each required or optional (`?`).
    public var parts: [(part: FormPart, optional: Bool)]

    /// Creates an alternative.
    public init(parts: [(part: FormPart, optional: Bool)]) {
        self.parts = parts
    }

    /// Parses `symbol + value + badge?`; nil with the unknown word when a part
    /// is not known, or when no part is required.
    public static func parse(_ text: String) -> Result<FormAlternative, FormAlternativeError> {
        var parts: [(part: FormPart, optional: Bool)] = []
        for piece in text.split(separator: "+", omittingEmptySubsequences: false) {
            var word = piece.trimmingCharacters(in: .whitespaces)
            let optional = word.hasSuffix("?")
            if optional { word.removeLast() }
            guard let part = FormPart(rawValue: word) else { return .failure(.unknownPart(word)) }
            guard !parts.contains(where: { $0.part == part }) else { return .failure(.repeatedPart(word)) }
            parts.append((part, optional))
        }
        guard parts.contains(where: { !$0.optional }) else { return .failure(.nothingRequired) }
        return .success(FormAlternative(parts: parts))
    }

    /// Why an alternative cannot be read.
    public enum FormAlternativeError: Error, Sendable, Equatable {
        case unknownPart(String)
        case repeatedPart(String)
        case nothingRequired
    }

    /// The parts it shows of `item`, or nil when it does not fit the item.
    public func shownParts(of item: BarItem) -> [FormPart]? {
        var shown: [FormPart] = []
        for (part, optional) in parts {
            if part.isAvailable(in: item) {
                shown.append(part)
            } else if !optional {
                return nil
            }
        }
        return shown
    }

    /// `symbol + value + badge?`.
    public var description: String {
        parts.map { $0.part.rawValue + ($0.optional ? "?" : "") }.joined(separator: " + ")
    }

    public static func == (lhs: FormAlternative, rhs: FormAlternative) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
