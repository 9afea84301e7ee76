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

    /// Plain text is copied eight bytes at a time: a byte to escape is found
    /// wherever it falls in a long field.
    @Test(arguments: ["\\", "\n", "\r", "\u{1F}"])
    func aByteToEscapeIsFoundAnywhereInALongField(character: String) throws {
        let plain = "abcdefghijklmnopqrstuvwxyz0123456789"
        for offset in 0...plain.count {
            let text = String(plain.prefix(offset)) + character + String(plain.dropFirst(offset))
            var writer = RecordWriter()
            writer.add(text)
            writer.add("after")
            #expect(!writer.bytes.contains(0x0A) && !writer.bytes.contains(0x0D), "a record is one line")
            #expect(writer.bytes.filter { $0 == 0x1F }.count == 1, "one separator, between the two fields")
            var reader = RecordReader(writer.bytes[...])
            #expect(try reader.text() == text, "at \(offset)")
            #expect(try reader.text() == "after")
        }
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

    @Test func whatAFolderHoldsRoundTrips() throws {
        var tree = OutputTree()
        tree.pages["where-the-bars-go"] = .init(key: .max, folderStamp: 1_795_969_222_094_524_900, fileStamp: 0)
        tree.pages["a"] = .init(key: 42, folderStamp: 1, fileStamp: 2)
        tree.folderStamp = 1_795_969_222_000_000_001
        for tree in [tree, OutputTree()] {
            var writer = RecordWriter()
            tree.encode(into: &writer)
            var reader = RecordReader(writer.bytes[...])
            #expect(try OutputTree.decode(from: &reader) == tree)
        }
        var damaged = RecordReader(Array("1\u{1F}a\u{1F}12\u{1F}x\u{1F}3".utf8)[...])
        #expect(throws: RecordReader.Malformed.self) { _ = try OutputTree.decode(from: &damaged) }
    }

    @Test func aPageKeyDependsOnTheTextAndTheFingerprint() {
        let key = OutputTree.key(hash: 1, fingerprint: 2)
        #expect(key == OutputTree.key(hash: 1, fingerprint: 2))
        #expect(key != OutputTree.key(hash: 2, fingerprint: 2))
        #expect(key != OutputTree.key(hash: 1, fingerprint: 3))
        #expect(key != OutputTree.key(hash: 2, fingerprint: 1))
    }
}
