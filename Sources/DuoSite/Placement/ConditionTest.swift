/// What a condition of `placement.yml` asks of one value: the test on the
/// right of `symbol: present`, `kind: [segmented, custom]` or
/// `entries.length: {at-least: 6}`.
///
/// A test sees the value of its subject, or nil when the item (or device)
/// does not have it. Only `absent` and `not` can be true of a missing value.
public indirect enum ConditionTest: Sendable, Hashable, CustomStringConvertible {
    /// `present`: the value is there.
    case present
    /// `absent`: the value is not there.
    case absent
    /// `count`: a count written as digits only (`"12"`), or a number.
    case count
    /// A scalar (`kind: edit`), or `{equals: X}`: the value, as text, is `X`.
    case equals(String)
    /// A list (`bar: [back, tabs]`), or `{one-of: [...]}`: the value, as text,
    /// is one of them.
    case oneOf([String])
    /// `{at-least: N}`: the value is a whole number, at least `N`.
    case atLeast(Int)
    /// `{at-most: N}`: the value is a whole number, at most `N`.
    case atMost(Int)
    /// `{not: TEST}`: the test is false (also when the value is missing).
    case not(ConditionTest)
    /// A map of several tests, `{at-least: 2, at-most: 5}`: all of them hold.
    case allOf([ConditionTest])

    /// Whether `value` (nil when missing) passes the test.
    public func matches(_ value: FieldValue?) -> Bool {
        switch self {
        case .present: return value != nil
        case .absent: return value == nil
        case .count:
            guard let value else { return false }
            return Self.isCount(value)
        case .equals(let text): return value?.text == text
        case .oneOf(let texts):
            guard let value else { return false }
            return texts.contains(value.text)
        case .atLeast(let bound):
            guard let number = value.flatMap(Self.number) else { return false }
            return number >= bound
        case .atMost(let bound):
            guard let number = value.flatMap(Self.number) else { return false }
            return number <= bound
        case .not(let test): return !test.matches(value)
        case .allOf(let tests): return tests.allSatisfy { $0.matches(value) }
        }
    }

    /// Whether a value is a count: a number, or text made of digits only.
    public static func isCount(_ value: FieldValue) -> Bool {
        switch value {
        case .number(let number): return number >= 0
        case .text(let text): return !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        case .flag, .list: return false
        }
    }

    /// A value as a whole number: a number, or a count written as text.
    public static func number(_ value: FieldValue) -> Int? {
        switch value {
        case .number(let number): return number
        case .text(let text): return isCount(value) ? Int(text) : nil
        case .flag, .list: return nil
        }
    }

    /// The texts the test compares with, for finding representative values.
    var literals: [String] {
        switch self {
        case .equals(let text): return [text]
        case .oneOf(let texts): return texts
        case .not(let test): return test.literals
        case .allOf(let tests): return tests.flatMap(\.literals)
        case .present, .absent, .count, .atLeast, .atMost: return []
        }
    }

    /// The numbers the test compares with, for finding representative values.
    var thresholds: [Int] {
        switch self {
        case .atLeast(let bound), .atMost(let bound): return [bound]
        case .not(let test): return test.thresholds
        case .allOf(let tests): return tests.flatMap(\.thresholds)
        case .present, .absent, .count, .equals, .oneOf: return []
        }
    }

    /// The test as `placement.yml` writes it.
    public var description: String {
        switch self {
        case .present: return "present"
        case .absent: return "absent"
        case .count: return "count"
        case .equals(let text): return text
        case .oneOf(let texts): return "[" + texts.joined(separator: ", ") + "]"
        case .atLeast(let bound): return "{at-least: \(bound)}"
        case .atMost(let bound): return "{at-most: \(bound)}"
        case .not(let test): return "{not: \(test)}"
        case .allOf(let tests): return "{" + tests.map(\.description).joined(separator: ", ") + "}"
        }
    }
}
