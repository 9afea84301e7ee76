/// The data a template renders: a JSON-like tree that callers build from
/// front matter, site settings and page lists. It renders laid out as a
/// ``CompactContext``, which a page's context is written into directly.
///
/// Keeping the data model a closed enum of value types (rather than `Any`)
/// makes contexts `Sendable`, so one context can be rendered from many
/// threads at once.
public enum Value: Sendable, Equatable {
    /// No value; falsey, interpolates as the empty string.
    case null
    /// A boolean; interpolates as `true` or `false`.
    case bool(Bool)
    /// An integer; interpolates in decimal (`85` → `85`).
    case int(Int)
    /// A floating-point number; interpolates in its shortest exact form
    /// (`1.21` → `1.21`), and without a fractional part when integral.
    case double(Double)
    /// A string; interpolated HTML-escaped by `{{x}}`, raw by `{{{x}}}` or `{{& x}}`.
    case string(String)
    /// A list; a section over it renders once per element, with the element on top of the context stack.
    case list([Value])
    /// An object; its keys are the names that tags look up.
    case object(Members)
}

extension Value {
    /// Whether a section `{{#x}}` renders (and `{{^x}}` does not).
    ///
    /// The spec defines truthiness as JavaScript's `!!data`: `null`, `false`,
    /// `0`, `0.0`, NaN, the empty string and the empty list are falsey;
    /// everything else, including an empty object, is truthy.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .int(let value): value != 0
        case .double(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .list(let values): !values.isEmpty
        case .object: true
        }
    }

    /// The text an interpolation tag writes for this value, before any HTML escaping.
    ///
    /// Lists interpolate as their elements' texts joined by commas (as
    /// JavaScript does); objects interpolate as the empty string, since no
    /// text form of an object would be useful in a page.
    public var text: String {
        var result = ""
        appendText(to: &result)
        return result
    }

    /// Appends ``text`` to `output` without building an intermediate string where possible.
    func appendText(to output: inout String) {
        switch self {
        case .null, .object:
            break
        case .bool(let value):
            output += value ? "true" : "false"
        case .int(let value):
            output += String(value)
        case .double(let value):
            output += Value.format(value)
        case .string(let value):
            output += value
        case .list(let values):
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.appendText(to: &output)
            }
        }
    }

    /// Formats a double the way people write numbers: `1.21`, `85` (not `85.0`).
    static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
            return String(Int(value))
        }
        return String(value)
    }

    /// The value stored under `key` when this is an object, else `nil`.
    ///
    /// `nil` (key absent) differs from `.null` (key present, value null): name
    /// resolution stops at the first context that *has* the key.
    public subscript(key: String) -> Value? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension Value: ExpressibleByNilLiteral {
    /// `nil` builds `.null`.
    public init(nilLiteral: ()) { self = .null }
}

extension Value: ExpressibleByBooleanLiteral {
    /// `true` / `false` build `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByIntegerLiteral {
    /// `85` builds `.int(85)`.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension Value: ExpressibleByFloatLiteral {
    /// `1.21` builds `.double(1.21)`.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// `"text"` (also with interpolations) builds `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByArrayLiteral {
    /// `[1, "a"]` builds `.list`.
    public init(arrayLiteral elements: Value...) { self = .list(elements) }
}

extension Value: ExpressibleByDictionaryLiteral {
    /// `["title": "Home"]` builds `.object`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .object(Members(literal: elements))
    }
}

extension Value: Decodable {
    /// Decodes any JSON-like document (JSON, property lists, …) into a `Value`,
    /// so contexts and test data can be loaded with a standard decoder.
    ///
    /// Integral numbers decode as `.int`, other numbers as `.double`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([Value].self) {
            self = .list(value)
        } else {
            self = .object(Members(try container.decode([String: Value].self)))
        }
    }
}
