import Foundation
import Testing
import Mustache
@testable import DuoSite

/// The names duosite's contexts hold, which a theme's tags are checked
/// against, are the names its contexts do hold: every key of every context
/// a build renders (page, index, 404, and everything inside them), over a
/// site that gives every optional key.
@Suite struct ContextNamesTests {
    /// Every key of every object in `value`, at any depth.
    static func keys(of value: Value, into keys: inout Set<String>) {
        switch value {
        case .object(let members):
            for pair in members.pairs {
                let (key, member) = (pair.key, pair.value)
                keys.insert(key)
                Self.keys(of: member, into: &keys)
            }
        case .list(let values):
            for element in values { Self.keys(of: element, into: &keys) }
        default:
            break
        }
    }

    /// Every key of every context a build of the repository's site renders,
    /// on a day when its pages are fresh and on one when they are stale
    /// (`staleNotice` is given only then).
    static func renderedKeys() throws -> Set<String> {
        let site = try TestSite()
        defer { site.remove() }
        let (loaded, _) = SiteLoader(root: site.root).load()
        let pages = try loaded.patterns.map { pattern in
            try #require(PageReader(allowRawHTML: false).read(file: pattern.file, bytes: Array(try site.read(pattern.file).utf8)).0)
        }
        var keys = Set<String>()
        for day in ["2026-11-29", "2031-01-01"] {
            let today = try #require(Day(day))
            let context = PageContext(site: loaded, baseURL: "https://duoapps.example", today: today, demos: DemoContext(site: loaded))
            // A rule cited by a page and applied in a figure: every key of its lists.
            let links = PageLinks.RuleLinks(citedBy: [.init(title: "Other", url: "/patterns/other/#rule-1")],
                                            appliedIn: [.init(title: "Other", url: "/patterns/other/#figure-1", number: 1)])
            for page in pages { Self.keys(of: context.make(page.pattern, markdown: PageMarkdown(page) { _, _ in "" }).value, into: &keys) }
            Self.keys(of: context.ruleLinks(links, rule: 1).value, into: &keys)
            Self.keys(of: context.index(loaded.patterns).value, into: &keys)
            let groups = TagGroup.groups(loaded.patterns)
            Self.keys(of: context.tags(groups).value, into: &keys)
            for group in groups { Self.keys(of: context.tag(group).value, into: &keys) }
            Self.keys(of: context.notFound().value, into: &keys)
        }
        return keys
    }

    /// The list holds every name the contexts hold, and no other.
    @Test func theListIsTheContextsNames() throws {
        let keys = try Self.renderedKeys()
        #expect(keys.subtracting(ContextNames.all).isEmpty, "names the contexts hold that the list lacks: \(keys.subtracting(ContextNames.all).sorted())")
        #expect(ContextNames.all.subtracting(keys).isEmpty, "names in the list that no context holds: \(ContextNames.all.subtracting(keys).sorted())")
    }

    /// Each key the contexts are written with (`ContextKeys`) is named for
    /// its name, once: a misspelt key would give readers nothing where the
    /// template asks for the name it should have had.
    @Test func eachKeyIsNamedForItsName() {
        let keys = Mirror(reflecting: ContextKeys()).children.compactMap { child in
            (child.value as? ContextKey).map { (child.label, $0.name) }
        }
        #expect(keys.count > 90)
        for (label, name) in keys { #expect(label == name) }
        #expect(Set(keys.map(\.1)).count == keys.count)
        // The names the theme is checked against are the keys' own, in the
        // order they are declared.
        #expect(ContextKeys.names == keys.map(\.1))
    }

    /// Every name is in docs/theme.md, where designers look them up.
    @Test func everyNameIsDocumented() throws {
        let docs = try String(contentsOf: TestSite.repositoryRoot.appendingPathComponent("docs/theme.md"), encoding: .utf8)
        let words = Set(docs.split { !($0.isLetter || $0.isNumber) }.map(String.init))
        #expect(ContextNames.all.subtracting(words).isEmpty, "not in docs/theme.md: \(ContextNames.all.subtracting(words).sorted())")
    }

    /// A tag inserts unescaped only the names that hold HTML duosite made
    /// safe; any other value would be markup where it has a '<'.
    @Test(arguments: [
        ("{{{page.title}}}", "'page.title'"), ("{{& head.description}}", "'head.description'"), ("{{#page.tags}}{{{.}}}{{/page.tags}}", "'.'"),
        // A symbol is the id of its drawing in the page's sprite, text.
        ("{{{symbol}}}", "'symbol'"), ("{{{verticalSymbol}}}", "'verticalSymbol'"),
    ])
    func aTextInsertedUnescapedIsAnError(_ tag: String, _ name: String) throws {
        let library = try TemplateLibrary(templates: ["extra": tag])
        let findings = ContextNames.findings(in: library)
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix("the tag inserts \(name) without escaping it, but it holds text, not HTML") == true, "\(findings)")
    }

    @Test(arguments: ["{{{html}}}", "{{{page.sections.titleHTML}}}", "{{& questionHTML}}", "{{{head.jsonLD}}}", "{{{page.sprite.symbols.svg}}}", "{{page.title}}", "{{.}}"])
    func htmlMadeSafeMayBeInsertedUnescaped(_ tag: String) throws {
        let library = try TemplateLibrary(templates: ["extra": tag])
        #expect(ContextNames.findings(in: library).isEmpty)
    }

    /// Every name that may be inserted unescaped is one the contexts hold,
    /// and docs/theme.md names it as such.
    @Test func theHTMLNamesAreDocumented() throws {
        let docs = try String(contentsOf: TestSite.repositoryRoot.appendingPathComponent("docs/theme.md"), encoding: .utf8)
        #expect(ContextNames.html.isSubset(of: ContextNames.all))
        for name in ContextNames.html {
            #expect(docs.contains("{{{\(name)}}}") || docs.contains(".\(name)}}}"), "docs/theme.md does not show {{{\(name)}}}")
        }
    }

    /// The repository's theme looks up only names its contexts hold.
    @Test func theRepositorysThemeIsClean() throws {
        let library = try TemplateLibrary(folder: TestSite.repositoryRoot.appendingPathComponent("Theme/templates"))
        #expect(ContextNames.findings(in: library).isEmpty)
    }

    /// A misspelt name in a template is an error at its tag, with the name
    /// meant; the build publishes nothing and leaves the site as it was.
    @Test func aMisspeltNameIsAnErrorAtItsTag() throws {
        let site = try TestSite()
        defer { site.remove() }
        let build = ["build", "--today", "2026-11-29", "--quiet"]
        #expect(site.run(build).status == 0)
        let published = site.tree()
        try site.write("""
        {{#page}}
          <h1>{{titel}}</h1> {{page.faqs}}
        {{/page}}
        {{#patterns}}{{{.}}}{{/patterns}}{{> status}}{{head.jsonLD}}{{^zzqqxx}}{{/zzqqxx}}

        """, to: "Theme/templates/extra.mustache")
        let result = site.run(build)
        #expect(result.status == 1)
        let lines = result.err.split(separator: "\n").filter { $0.hasSuffix("[template]") }
        #expect(lines == [
            "Theme/templates/extra.mustache:2:7: error: the tag names 'titel', which no context duosite renders holds, so it would always render as nothing; did you mean 'title'? [template]",
            "Theme/templates/extra.mustache:2:22: error: the tag names 'page.faqs', whose 'faqs' no context duosite renders holds, so it would always render as nothing; did you mean 'faq'? [template]",
            "Theme/templates/extra.mustache:4:14: error: the tag inserts '.' without escaping it, but it holds text, not HTML: a '<' or '&' in it would become markup; write {{.}}, which escapes it (only html, jsonLD, questionHTML, svg, titleHTML hold HTML made safe) [template]",
            "Theme/templates/extra.mustache:4:61: error: the tag names 'zzqqxx', which no context duosite renders holds, so it would always render as nothing; docs/theme.md lists the names templates get [template]",
        ], "\(result.err)")
        #expect(site.tree() == published)
        // duosite check says the same: a check that passes means a build that publishes.
        let check = site.run(["check", "--today", "2026-11-29"])
        #expect(check.status == 1)
        #expect(check.err.split(separator: "\n").filter { $0.hasSuffix("[template]") } == lines, "\(check.err)")
    }
}
