import Foundation
import Testing
@testable import DuoSite

/// The built reference pages, compared byte for byte with the golden files
/// in `Fixtures/Golden/`. When a change to the theme or the build is meant to
/// change them, re-record with:
///
///     DUOSITE_RECORD_GOLDEN=1 swift test --filter GoldenPageTests
///
/// and review the difference with `git diff Tests/DuoSiteTests/Fixtures/Golden`.
@Suite struct GoldenPageTests {
    static let goldenFolder = TestSite.repositoryRoot.appendingPathComponent("Tests/DuoSiteTests/Fixtures/Golden")

    @Test(arguments: [
        ("patterns/symbols-not-labels/index.html", "symbols-not-labels.html"),
        ("patterns/where-the-bars-go/index.html", "where-the-bars-go.html"),
        ("index.html", "index.html"),
        ("404.html", "404.html"),
        ("feed.xml", "feed.xml"),
        ("sitemap.xml", "sitemap.xml"),
        ("api/pages.json", "pages.json"),
        ("tags/bars/index.html", "tag-bars.html"),
        ("tags/index.html", "tags.html"),
    ])
    func builtFileMatchesItsGolden(built: String, golden: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let actual = try site.read("Public/\(built)")
        let goldenURL = Self.goldenFolder.appendingPathComponent(golden)
        if ProcessInfo.processInfo.environment["DUOSITE_RECORD_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: goldenURL)
            return
        }
        let expected = try String(contentsOf: goldenURL, encoding: .utf8)
        #expect(actual == expected, "\(built) differs from Fixtures/Golden/\(golden); if the change is intended, re-record (see GoldenPageTests)")
    }

    @Test func theReferencePageShowsEverythingTheReferenceShows() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        let html = try site.read("Public/patterns/symbols-not-labels/index.html")
        let text = VisibleText.of(html)
        for expected in [
            "Symbols, not labels: bar items on iPhone Duo",
            "Recommendation",
            "Last checked October 8, 2026",
            "The problem", "The rules", "Demo", "FAQ", "Sources",
            "Apple sources:",
            "Designing for iPhone Duo, Apple Human Interface Guidelines, September 9, 2026",
            "Preparing your app for iPhone Duo, Apple Developer Documentation",
            "Raise the bar with iPhone Duo, Apple Developer, Tech Talk",
            "Design for iPhone Duo, Apple Developer, Tech Talk",
            "Prepare your app for iPhone Duo, Apple Developer, Tech Talk",
            "Why do some buttons stay at the top on iPhone Duo?",
            "Does a bar item that only shows a symbol need a title on iPhone Duo?",
            "How do I show a count in a bar on the side of iPhone Duo?",
            "Can a cart button that shows an amount move to the side on iPhone Duo?",
            "What should I do with a text navigation menu on iPhone Duo?",
            "Text labels", "Symbols", "9:41",
        ] {
            #expect(text.contains(expected), "the page does not show: \(expected)")
        }
        // Each rule's citations, in order, as the reference shows them.
        let rules = [
            ["HIG, Vertical controls", "Developer article, Organize items in your bars", "“Raise the bar”, 6:13", "“Raise the bar”, 6:32", "“Raise the bar”, 7:13"],
            ["HIG, Vertical controls", "Developer article, Organize items in your bars", "“Raise the bar”, 7:13", "“Raise the bar”, 8:59"],
            ["“Design for iPhone Duo”, 6:15", "“Raise the bar”, 8:31", "“Raise the bar”, 10:06", "Developer article, Organize items in your bars"],
            ["“Raise the bar”, 8:05", "“Raise the bar”, 8:19", "“Raise the bar”, 8:25", "“Raise the bar”, 8:31"],
            ["“Raise the bar”, 8:59", "“Raise the bar”, 9:25"],
            ["“Raise the bar”, 9:25", "“Raise the bar”, 9:50"],
            ["Apple sources:", "“Prepare your app”, 5:19", "“Prepare your app”, 5:39", "“Design for iPhone Duo”, 8:23"],
            ["HIG, Vertical controls", "“Raise the bar”, 12:50", "“Raise the bar”, 12:57"],
        ]
        var cursor = text.startIndex
        for (number, labels) in rules.enumerated() {
            for label in labels {
                guard let found = text.range(of: label, range: cursor..<text.endIndex) else {
                    Issue.record("rule \(number + 1): '\(label)' is missing or out of order")
                    continue
                }
                cursor = found.upperBound
            }
        }
        #expect(html.contains("<time datetime=\"2026-10-08\">October 8, 2026</time>"))
        for number in 1...8 {
            #expect(html.contains("id=\"rule-\(number)\""))
        }
        // Citations link to the numbered source list and to the moment of the talk.
        #expect(html.contains("href=\"#source-3\""))
        #expect(html.contains("?time=373"))
        // The cross-reference is rewritten to the page's address.
        #expect(html.contains("href=\"/patterns/where-the-bars-go/#rule-1\""))
    }
}

/// The text a reader sees in a page: tags removed, entities decoded,
/// whitespace collapsed; scripts and styles left out.
enum VisibleText {
    static func of(_ html: String) -> String {
        var text = ""
        var inTag = false
        var skipping = false
        var tagName = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if inTag {
                if character == ">" {
                    inTag = false
                    let name = tagName.lowercased()
                    if name.hasPrefix("script") || name.hasPrefix("style") { skipping = true }
                    if name.hasPrefix("/script") || name.hasPrefix("/style") { skipping = false }
                    text += " "
                } else {
                    tagName.append(character)
                }
            } else if character == "<" {
                inTag = true
                tagName = ""
            } else if !skipping {
                text.append(character)
            }
            index = html.index(after: index)
        }
        for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: value)
        }
        return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            .replacingOccurrences(of: " ,", with: ",").replacingOccurrences(of: " ·", with: " ·")
    }
}
