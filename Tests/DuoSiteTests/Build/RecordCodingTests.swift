@testable import DuoSite
import Testing

@Suite("Build cache records: what is written is read back")
struct RecordCodingTests {
    @Test(arguments: [
        "plain", "", "back\\slash", "two\nlines", "carriage\r\nreturn", "unit\u{1F}separator",
        "\\n is not a newline", "Café — “quoted” · § 👍", "\u{0}",
    ])
    func textRoundTrips(text: String) throws {
        var writer = RecordWriter()
        writer.add(text)
        writer.add("after")
        #expect(!writer.bytes.contains(0x0A), "a record is one line")
        var reader = RecordReader(writer.bytes[...])
        #expect(try reader.text() == text)
        #expect(try reader.text() == "after")
    }

    @Test(arguments: [0, 7, -3, 1_234_567, Int(Int32.max), -999_999_999_999])
    func numbersRoundTrip(number: Int) throws {
        var writer = RecordWriter()
        writer.add(number)
        #expect(writer.line == String(number))
        var reader = RecordReader(writer.bytes[...])
        #expect(try reader.number() == number)
    }

    @Test func optionalTextAndLocationsRoundTrip() throws {
        var writer = RecordWriter()
        writer.add(optional: nil)
        writer.add(optional: "")
        writer.add(DuoSite.SourceLocation(file: "Content/patterns/a.md", line: 12, column: 61))
        var reader = RecordReader(writer.bytes[...])
        reader.file = "Content/patterns/a.md"
        #expect(try reader.optionalText() == nil)
        #expect(try reader.optionalText() == "")
        let location = try reader.location()
        #expect((location.file, location.line, location.column) == ("Content/patterns/a.md", 12, 61))
    }

    @Test func aShortOrDamagedRecordIsRefused() {
        var writer = RecordWriter()
        writer.add("only")
        var reader = RecordReader(writer.bytes[...])
        #expect(throws: RecordReader.Malformed.self) {
            _ = try reader.text()
            _ = try reader.text()
        }
        var numbers = RecordReader(Array("12x".utf8)[...])
        #expect(throws: RecordReader.Malformed.self) { _ = try numbers.number() }
        var empty = RecordReader(Array("".utf8)[...])
        #expect(throws: RecordReader.Malformed.self) { _ = try empty.number() }
    }
}
