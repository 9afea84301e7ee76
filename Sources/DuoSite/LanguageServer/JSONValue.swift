import Bytes
import Foundation

/// A JSON value as the language server reads and writes it: what
/// Foundation's `JSONDecoder` and `JSONEncoder` make of a message, typed,
/// so that a request's parameters can be looked into and a response built
/// without `Any`.
enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // Ids, lines and columns are integers: written without a fraction.
            if value.rounded() == value, abs(value) < 9e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object (nil for anything else, or when missing).
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string.
    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value of an integral number.
    var int: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 9e15 { return Int(value) }
        return nil
    }

    /// The elements of an array.
    var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members of an object.
    var object: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The value of a boolean.
    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// A number from an integer.
    static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// The value from its JSON text, or nil when it is not JSON.
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    /// The value as compact JSON text, keys sorted (so that output is
    /// stable), written into one buffer by the escapers the site's JSON
    /// uses (`Bytes`): an answer may hold tens of thousands of locations.
    var encoded: [UInt8] {
        var buffer = ByteBuffer(capacity: 256)
        write(into: &buffer)
        return buffer.bytes
    }

    /// Appends the value's JSON text to `buffer`.
    private func write(into buffer: inout ByteBuffer) {
        switch self {
        case .null: buffer.append("null")
        case .bool(let value): buffer.append(value ? "true" : "false")
        case .number(let value):
            // Ids, lines and columns are integers: written without a fraction.
            if value.rounded() == value, abs(value) < 9e15 {
                buffer.append(Int(value))
            } else {
                buffer.append(value.isFinite ? "\(value)" : "null")
            }
        case .string(let value): buffer.appendJSONString(value)
        case .array(let values):
            buffer.append(byte: UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { buffer.append(byte: UInt8(ascii: ",")) }
                value.write(into: &buffer)
            }
            buffer.append(byte: UInt8(ascii: "]"))
        case .object(let members):
            buffer.append(byte: UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { buffer.append(byte: UInt8(ascii: ",")) }
                buffer.appendJSONString(key)
                buffer.append(byte: UInt8(ascii: ":"))
                members[key]!.write(into: &buffer)
            }
            buffer.append(byte: UInt8(ascii: "}"))
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(Dictionary(elements, uniquingKeysWith: { $1 })) }
    init(nilLiteral: ()) { self = .null }
}
