import Diagnostics
import Markdown

/// Reads a page's Markdown into its parts, each where it stands: the
/// sections, the rule list with each rule's citation block, the FAQ, the
/// demo blocks, the links and the anchors, and what the page's checks
/// judge (`PageOutline`). It makes no HTML (the page's renderer does, from
/// the same tree) and judges nothing: its only findings are those of
/// reading a demo's YAML and a citation block's words, which cannot be
/// read otherwise.
struct PageBodyReader {
    let file: String
    let slug: String
    let document: MarkdownDocument
    /// The ids of the site's sources, which the citations note their places in.
    var sourceIDs: [String] = []

    /// What could not be read: a demo's YAML, a citation block's words.
    var diagnostics: [Diagnostic] = []
    var sections: [Section] = []
    var introduction: [Section.Part] = []
    var rules: [Rule] = []
    var faq: [FAQEntry] = []
    var demos: [DemoBlock] = []
    var crossReferences: [CrossReference] = []
    /// Links and images to the site's own addresses other than pages'.
    var siteAddresses: [SiteAddress] = []
    /// Every link and image to an http or https address of another site.
    var externalLinks: [ExternalLink] = []
    /// Links to tag pages (`/tags/…`), checked against every page's tags.
    var tagAddresses: [SiteAddress] = []
    /// What the page's checks judge.
    var outline = PageOutline()
    /// The anchors given so far.
    var anchors = PageAnchors()
    /// Whether a mistake the page's checks report hid some of its rules.
    var rulesIncomplete = false
    /// Whether a paragraph that reads like a citation block was not read as one.
    var citationsIncomplete = false

    /// The section being read (nil before the first `##`, and after a `#`
    /// or `## Sources` heading).
    var current: Section?
    /// Where the rule list starts, once it is read.
    var ruleList: SourcePosition?
    /// Where the rule list ends: what follows it in its section is under
    /// the section's heading, not the last rule.
    var ruleListEnd: SourcePosition?
    /// Whether the blocks are under a `## Sources` heading, and left out.
    var underSources = false
    /// The question being read, and the blocks of its answer so far.
    var pendingQuestion: (entry: FAQEntry, blocks: [MarkdownNode])?

    init(file: String, slug: String, document: MarkdownDocument) {
        self.file = file
        self.slug = slug
        self.document = document
    }

    func location(_ position: SourcePosition) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// Reads every block of the page, in order.
    mutating func read() {
        collectLinks()
        // The ids the theme gives the source list and the main content.
        anchors.insert("sources")
        anchors.insert("main")
        // Room for a page's sections and questions at once (a few of each).
        sections.reserveCapacity(8)
        faq.reserveCapacity(8)
        let blocks = document.blocks
        for index in blocks.indices {
            read(blocks[index], followedBy: index + 1 < blocks.count ? blocks[index + 1] : nil)
        }
        finishQuestion()
        finishSection()
        if ruleList == nil, sections.contains(where: { $0.role == .rules }) { rulesIncomplete = true }
        placeLinks()
    }

    /// Reads one of the page's own blocks: noted for its checks, then a
    /// section's heading, a question or its answer, the rule list, or the
    /// text of the section it is in.
    private mutating func read(_ block: MarkdownNode, followedBy next: MarkdownNode?) {
        noteCitationLikeParagraph(block, followedBy: next)
        noteHeadings(block)
        if case .heading(let level) = block.kind, level <= 2 {
            return startSection(block, level: level)
        }
        if underSources { return }
        if current?.role == .faq, readInFAQ(block) { return }
        if current?.role == .rules, readRuleList(block) { return }
        // Taken out, read into, and put back: the parts are added to in place.
        if var section = current.take() {
            read(block, into: &section.parts)
            current = section
        } else {
            var parts = introduction
            introduction = []
            read(block, into: &parts)
            introduction = parts
        }
    }

    /// A `##` heading starts a section (`# ` and `## Sources` end the one
    /// before without starting one).
    private mutating func startSection(_ block: MarkdownNode, level: Int) {
        finishQuestion()
        finishSection()
        // A `#` heading: the page's title is in the front matter.
        guard level == 2 else { return }
        let title = block.plainText
        let role: Section.Role
        switch title.lowercased().trimmed {
        case "the rules": role = .rules
        case "faq": role = .faq
        case "sources":
            outline.sourcesHeadings.append(location(block.start))
            underSources = true
            return
        default: role = .other
        }
        // The rule list and the FAQ are the first such section's.
        if role == .rules, sections.contains(where: { $0.role == .rules }) { rulesIncomplete = true }
        underSources = false
        current = Section(title: title, heading: block.place, anchor: anchor(for: title, fallback: "section"), role: role, parts: [],
                          location: location(block.start))
        if role == .faq { current?.parts.append(.faq) }
    }

    /// Ends the section being read.
    private mutating func finishSection() {
        if let section = current.take() { sections.append(section) }
    }
}
