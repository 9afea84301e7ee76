/// What a build knows of one page once it is checked and written: the
/// page without its Markdown, sections, demos, outline or citations — its front matter,
/// slug, rule numbers, anchors, questions, links and the sources it cites,
/// each with where it stands — and the findings of its own checks.
///
/// The checks across pages, the index, the sitemap, the feed and
/// `api/pages.json` read nothing else of a page, so a rebuild keeps the
/// facts of each page it does not read again (in the build cache) and
/// runs those on every page's facts.
struct PageFacts: Sendable {
    /// The page, without HTML, sections, demos or citations.
    var page: Pattern
    /// The findings about this page alone (reading it and its own checks).
    var findings: [Diagnostic]
    /// What a language server asks of every page, when the page was read
    /// for one (a build's and the cache's facts have none).
    var editor: EditorFacts?

    /// What a language server asks of every page besides its facts, to
    /// answer about the whole site without reading each file again: each
    /// citation where it is written (references to a source, its rename),
    /// and each rule's first words (workspace symbols).
    struct EditorFacts: Sendable {
        /// Every citation of the page's rules, in order.
        var citations: [Citation]
        /// Each rule's first words, by rule in order: `Give every tab a symbol…`.
        var ruleTitles: [String]

        /// What `pattern`, read from `text`, gives.
        init(_ pattern: Pattern, text: [UInt8]) {
            citations = pattern.rules.flatMap { $0.citations?.citations ?? [] }
            let lines = TextLines(bytes: text)
            ruleTitles = pattern.rules.map { RuleTitle.words(of: lines.text(ofLine: $0.location.line - 1)) }
        }
    }

    /// The facts of a page just read and checked.
    init(_ pattern: Pattern, findings: [Diagnostic]) {
        page = pattern.withoutText
        self.findings = findings
    }

    /// Facts as they were written (read back from the cache).
    init(page: Pattern, findings: [Diagnostic]) {
        self.page = page
        self.findings = findings
    }
}

extension Pattern {
    /// The page without its Markdown, its sections, demos, outline or its
    /// citations: what the checks across pages and the site-wide files
    /// need, once the page itself is written and checked alone. Of the
    /// citations, it keeps which sources they cite; it keeps the links to
    /// other sites (`check --links` asks them; the cache does not hold them).
    var withoutText: Pattern {
        var slim = Pattern(
            file: file, slug: slug, frontMatter: frontMatter, sections: [],
            rules: rules.map { Rule(number: $0.number, parts: [], citations: nil, location: $0.location) },
            faq: faq.map {
                FAQEntry(question: $0.question, heading: 0, anchor: $0.anchor, key: $0.key, answer: [], answerBlocks: [], isAnswered: $0.isAnswered,
                         location: $0.location, keyHash: $0.keyHash)
            },
            demos: [], crossReferences: crossReferences, anchors: anchors, introduction: []
        )
        slim.citedSources = citedSources
        slim.figureRules = figureRules
        slim.tagAddresses = tagAddresses
        slim.rulesIncomplete = rulesIncomplete
        slim.citationsIncomplete = citationsIncomplete
        slim.externalLinks = externalLinks
        return slim
    }
}
