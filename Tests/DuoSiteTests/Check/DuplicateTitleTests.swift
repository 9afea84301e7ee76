import Diagnostics
import Foundation
import Testing
@testable import DuoSite

/// Two pages' titles are the same when they are once lowercased and
/// trimmed: an ASCII title is lowercased byte by byte, which must agree
/// with Unicode's lowercasing for every character, and other titles are
/// lowercased by Unicode's rules (so `K` and the Kelvin sign meet).
@Suite struct DuplicateTitleTests {
    @Test func anASCIITitleIsLoweredAsUnicodeLowersIt() {
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(DuplicateTitleChecker.key(every) == every.lowercased().trimmed)
        for byte in UInt8(0)..<128 {
            let title = "Aa" + String(decoding: [byte], as: UTF8.self) + "Zz"
            #expect(DuplicateTitleChecker.key(title) == title.lowercased().trimmed, "byte \(byte)")
        }
    }

    @Test(arguments: [
        ("Where The Bars Go", "where the bars go"), ("  Padded  ", "padded"), ("\tTabbed\n", "tabbed"),
        ("ÉCOLE", "école"), ("Straße", "straße"), ("\u{212A}elvin", "kelvin"), ("", ""),
        (String(repeating: "Long Title ", count: 20), String(repeating: "long title ", count: 20).trimmed),
    ])
    func aTitlesKeyIsItLoweredAndTrimmed(title: String, key: String) {
        #expect(DuplicateTitleChecker.key(title) == key)
    }

    @Test func eachLaterPageWithATitleSeenIsReportedAgainstTheFirst() throws {
        let (loaded, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let model = try #require(loaded.patterns.first)
        // A page of the repository's, with `title`, from `file`.
        func page(_ title: String, _ file: String) -> Pattern {
            var pattern = model
            pattern.file = file
            pattern.frontMatter.title.value = title
            pattern.frontMatter.title.location = Diagnostics.SourceLocation(file: file, line: 2, column: 8)
            return pattern
        }
        let pages = [
            page("Symbols, not labels", "a.md"), page("Where the bars go", "b.md"), page("symbols, NOT labels ", "c.md"),
            page("\u{212A}elvin", "d.md"), page("Kelvin", "e.md"), page("Symbols, not labels", "f.md"),
        ]
        let findings = DuplicateTitleChecker.findings(in: pages)
        #expect(findings.map(\.location.file) == ["c.md", "e.md", "f.md"])
        #expect(findings.allSatisfy { $0.code == .duplicateTitle })
        #expect(findings[0].message.contains("is also the title of a.md"))
        #expect(findings[1].message.contains("is also the title of d.md"))
        #expect(findings[2].message.contains("is also the title of a.md"))
    }
}
