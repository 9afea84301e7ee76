import Foundation
import Testing
@testable import DuoSite

/// Document links: cross-references to the cited page's file, citations to
/// the source's address (a talk's at its moment).
@Suite struct DocumentLinkTests {
    static let page = "Content/patterns/symbols-not-labels.md"

    @Test(arguments: [[String](), ["utf-8"]])
    func crossReferencesAndCitationsAreLinks(encodings: [String]) throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, encodings: encodings)
        try client.open(Self.page)
        let text = TextLines(try site.read(Self.page))
        let links = client.askDocument("documentLink", Self.page)["result"]?.array ?? []
        func linked(_ target: String) -> [String] {
            links.filter { $0["target"]?.string == target }.map { link in
                let range = TextRange(link["range"])!
                return String(decoding: text.bytes[text.offset(of: range.start, in: client.encoding)..<text.offset(of: range.end, in: client.encoding)], as: UTF8.self)
            }
        }
        // The link after curly apostrophes: its address, to the rule's line.
        #expect(linked(client.uri("Content/patterns/where-the-bars-go.md") + "#L13") == ["where-the-bars-go.md#rule-1"])
        #expect(linked("https://developer.apple.com/videos/play/tech-talks/111470/?time=373") == ["raise-the-bar @ 6:13"])
        #expect(linked("https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo").allSatisfy { $0 == "hig § Vertical controls" })
        #expect(linked("https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo").count == 3)
    }
}
