import Diagnostics

/// The pattern rule a table rule or an advice stands for, written
/// `symbols-not-labels#rule-2`: a page's slug and a rule number.
public struct PatternRuleReference: Sendable, Hashable, CustomStringConvertible {
    /// The page's slug.
    public var slug: String
    /// The rule's number, from 1.
    public var number: Int
    /// Where the reference is written.
    public var location: SourceLocation

    /// Creates a reference.
    public init(slug: String, number: Int, location: SourceLocation) {
        self.slug = slug
        self.number = number
        self.location = location
    }

    /// Parses `slug#rule-N`; nil when the text has another shape.
    public init?(_ text: String, at location: SourceLocation) {
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].hasPrefix("rule-"),
              parts[0].unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return nil }
        let digits = parts[1].dropFirst("rule-".count)
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let number = Int(digits), number > 0 else { return nil }
        self.init(slug: String(parts[0]), number: number, location: location)
    }

    /// `symbols-not-labels#rule-2`.
    public var description: String {
        .joining(slug, "#rule-", String(number))
    }

    /// The rule's address on the site: `/patterns/symbols-not-labels/#rule-2`.
    public var path: String { "/patterns/\(slug)/#rule-\(number)" }

    /// Two references are the same when they name the same rule, wherever written.
    public static func == (lhs: PatternRuleReference, rhs: PatternRuleReference) -> Bool {
        lhs.slug == rhs.slug && lhs.number == rhs.number
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(slug)
        hasher.combine(number)
    }
}
