import Markdown

/// Walks a page's Markdown blocks into sections, the rule list, the FAQ, demo
/// blocks and cross-references, rendering HTML fragments when building.
struct BodyReader {
    let file: String
    let slug: String
    let document: MarkdownDocument
    let rendersHTML: Bool
    /// The ids of the site's sources, which the citations note their places in.
    var sourceIDs: [String] = []

    private(set) var diagnostics: [Diagnostic] = []
    private(set) var sections: [Section] = []
    private(set) var introduction: [Section.Part] = []
    private(set) var rules: [Rule] = []
    private(set) var faq: [FAQEntry] = []
    private(set) var demos: [DemoBlock] = []
    private(set) var crossReferences: [CrossReference] = []
    /// Links and images to the site's own addresses other than pages'.
    private(set) var siteAddresses: [SiteAddress] = []
    /// Every link and image to an http or https address of another site.
    private(set) var externalLinks: [ExternalLink] = []
    /// Links to tag pages (`/tags/…`), checked against every page's tags.
    private(set) var tagAddresses: [SiteAddress] = []
    /// Where the rule list ends: what follows it in its section is under
    /// the section's heading, not the last rule.
    private var ruleListEnd: SourcePosition?
    /// Whether a mistake reported here hid some of the page's rules.
    private(set) var rulesIncomplete = false
    /// Whether a citation block reported here as shown as text was not read.
    private(set) var citationsIncomplete = false
    /// Citation blocks above the rule list, reported if there is one.
    private var citationsBeforeRuleList: [Diagnostic] = []
    /// The line of the first question of each key asked so far.
    private var questionLines: [String: Int] = [:]
    /// The anchors given so far, each once: in a sorted list while a
    /// page has a few (what nearly every page has), in a set once it has
    /// more than `Self.listedAnchors`, so that each one more is taken in
    /// one step rather than in a list's length.
    private var anchorList = AnchorList()
    private var anchorSet: Set<String>?
    private static let listedAnchors = 256
    /// For each anchor given more than once, the number its next copy
    /// tries first: the numbers below it are taken, so that the thousandth
    /// `## Notes` is numbered in one step, not in a thousand.
    private var nextNumber: [String: Int] = [:]
    /// The anchors the page offers, in byte order.
    var anchors: AnchorList { anchorSet.map { AnchorList($0) } ?? anchorList }

    private func isTaken(_ anchor: String) -> Bool {
        anchorSet?.contains(anchor) ?? anchorList.contains(anchor)
    }

    private mutating func take(_ anchor: String) {
        if anchorSet != nil {
            anchorSet!.insert(anchor)
            return
        }
        anchorList.insert(anchor)
        if anchorList.count > Self.listedAnchors { anchorSet = Set(anchorList.sorted) }
    }

    init(file: String, slug: String, document: MarkdownDocument, rendersHTML: Bool) {
        self.file = file
        self.slug = slug
        self.document = document
        self.rendersHTML = rendersHTML
    }

    private func location(_ position: SourcePosition) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// A unique anchor for a heading, numbered like GitHub's when repeated.
    private mutating func anchor(for text: String, fallback: String) -> String {
        anchor(base: Slug.make(text) ?? fallback)
    }

    /// `base`, numbered when the page already has it. `rule-N`,
    /// `source-N` and `figure-N` are kept for the rules, the source list
    /// and the demos' figures, wherever they stand: a heading `## Rule 1`
    /// is `#rule-1-1`, so that no two elements share an id.
    private mutating func anchor(base: String) -> String {
        guard isTaken(base) || Self.isNumberedAnchor(base) else {
            take(base)
            return base
        }
        var candidate = base
        var number = nextNumber[base] ?? 1
        while isTaken(candidate) || Self.isNumberedAnchor(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        nextNumber[base] = number
        take(candidate)
        return candidate
    }

    mutating func read() {
        collectLinks()
        // The ids the theme gives the source list and the main content.
        take("sources")
        take("main")
        var current: Section?
        var introduction: [Section.Part] = []
        var ruleList: SourcePosition?
        var seenSourcesHeading = false
        var pendingQuestion: (entry: FAQEntry, blocks: [MarkdownNode])?

        func finishQuestion(_ reader: inout BodyReader) {
            // Taken out, not copied: an entry holds a dozen strings and lists.
            guard let (question, blocks) = pendingQuestion.take() else { return }
            var entry = consume question
            let demosBefore = reader.demos.count
            let answer = reader.content(of: blocks)
            // The answer as readers read it: a demo is a figure, not words.
            let texts = blocks.map { $0.plainText(omittingCodeBlocks: Self.isDemo) }
            if reader.demos.count == demosBefore, texts.allSatisfy(\.isBlank) {
                reader.diagnostics.append(Diagnostic(.emptyAnswer, "the question '\(entry.question)' has no answer; write it under the question's heading", at: entry.location))
            }
            // The answer, and its text for structured data: only a build needs them.
            if reader.rendersHTML {
                // Most answers are one paragraph: its text as it is.
                entry.answerText = texts.count == 1 ? texts[0] : texts.filter { !$0.isEmpty }.joined(separator: " ")
                entry.answer = answer
            }
            // The same question twice on the page: shown twice, and given twice to search engines.
            if let earlier = reader.questionLines[entry.key] {
                reader.diagnostics.append(Diagnostic(.duplicateQuestion, "the question '\(entry.question)' is asked twice on this page (first at line \(earlier)); ask it once, with one answer", at: entry.location))
            } else {
                reader.questionLines[entry.key] = entry.location.line
            }
            reader.faq.append(entry)
        }

        // The page's title is its one `<h1>`: its headings go down from there
        // one level at a time, as people using a screen reader move through them.
        var headingLevel = 1
        // Room for a page's sections and questions at once, rather than grown
        // one by one (a pattern page has a few of each).
        sections.reserveCapacity(8)
        faq.reserveCapacity(8)
        for (blockIndex, block) in document.blocks.enumerated() {
            // The paragraph's text made a string only when it starts as a citation block may.
            if case .paragraph = block.kind, let first = block.children.first,
               first.withTextBytes({ CitationParser.mayBeCitationBlock($0) }) == true, case .text(let text) = first.kind {
                reportCitationOutsideRules(text, at: first, followedBy: document.blocks.dropFirst(blockIndex + 1).first, in: current?.role, after: ruleList)
            }
            switch block.kind {
            case .heading(let level):
                checkHeading(block, level: level, after: &headingLevel, isQuestion: level == 3 && current?.role == .faq)
            case .blockQuote, .list:
                // Headings in a list or a quote are in the page's outline too.
                checkHeadings(in: block, after: &headingLevel)
            default:
                break
            }

            if case .heading(let level) = block.kind, level <= 2 {
                finishQuestion(&self)
                if let section = current { sections.append(section) }
                current = nil
                guard level == 2 else {
                    // A level-1 heading: the page's title is in the front matter.
                    diagnostics.append(Diagnostic(.invalidField, "a '#' heading in the page; the title comes from the front matter, and sections are '##' headings", at: location(block.start), severity: .warning))
                    continue
                }
                let title = block.plainText
                let role: Section.Role
                switch title.lowercased().trimmed {
                case "the rules": role = .rules
                case "faq": role = .faq
                case "sources":
                    seenSourcesHeading = true
                    diagnostics.append(Diagnostic(.invalidField, "the Sources section is generated from the page's citations; remove this heading and what is under it", at: location(block.start)))
                    continue
                default: role = .other
                }
                // The rule list and the FAQ are the first such section's: a
                // second would show its list without anchors and citations,
                // or the whole FAQ a second time.
                if role != .other, let first = sections.first(where: { $0.role == role }) {
                    let heading = role == .rules ? "## The rules" : "## FAQ"
                    let what = role == .rules ? "a page's rules are one numbered list under one '## The rules' heading" : "a page's questions are all under one '## FAQ' heading"
                    diagnostics.append(Diagnostic(.duplicateSection, "a second '\(heading)' section (the first is at line \(first.location.line)); \(what)", at: location(block.start)))
                    if role == .rules { rulesIncomplete = true }
                }
                // A question written one level too high ends the FAQ.
                if role == .other, sections.last?.role == .faq, title.trimmed.hasSuffix("?") {
                    diagnostics.append(Diagnostic(.misnamedSection, "'## \(title.trimmed)' ends the FAQ: it is shown as a section of its own after it, not as a question, and is left out of the FAQ's structured data; a question is a '###' heading under '## FAQ'", at: location(block.start)))
                }
                seenSourcesHeading = false
                current = Section(
                    title: title, titleHTML: rendersHTML ? document.innerHTML(block) : "",
                    anchor: anchor(for: title, fallback: "section"), role: role, parts: [],
                    location: location(block.start)
                )
                if role == .faq { current?.parts.append(.faq) }
                continue
            }
            if seenSourcesHeading { continue }

            // FAQ: each `###` is a question, the blocks under it its answer.
            if current?.role == .faq {
                if case .heading(let level) = block.kind, level == 3 {
                    finishQuestion(&self)
                    let question = block.plainText.trimmed
                    let slug = Slug.make(question)
                    let entry = FAQEntry(
                        question: question, questionHTML: rendersHTML ? document.innerHTML(block) : "",
                        anchor: anchor(base: slug ?? "question"), key: slug ?? question, answer: [], answerText: "",
                        location: location(block.start)
                    )
                    pendingQuestion = (entry, [])
                    continue
                }
                // A question written in bold (`**Why?**`) is a paragraph, not a question.
                if let (question, style) = Self.emphasizedQuestion(block) {
                    let shown = pendingQuestion != nil ? "in the answer above" : "before the first question"
                    diagnostics.append(Diagnostic(.misnamedSection, "'\(question)' is written in \(style), so it is shown as text \(shown), not as a question of its own, and is left out of the FAQ's structured data; a question is a '###' heading: '### \(question)'", at: location(block.start)))
                }
                if pendingQuestion != nil {
                    // A question written one level too low is part of the answer above.
                    if case .heading(let level) = block.kind, level > 3, block.plainText.trimmed.hasSuffix("?") {
                        let hashes = String(repeating: "#", count: level)
                        diagnostics.append(Diagnostic(.misnamedSection, "'\(hashes) \(block.plainText.trimmed)' is shown as part of the answer above, not as a question of its own, and is left out of the FAQ's structured data; a question is a '###' heading", at: location(block.start)))
                    }
                    pendingQuestion?.blocks.append(block)
                    continue
                }
            }

            // The first ordered list of `## The rules` is the rule list.
            if current?.role == .rules, case .list(let ordered, let start, _) = block.kind, ordered {
                guard let ruleList else {
                    ruleList = block.start
                    readRules(block, start: start)
                    current?.parts.append(.rules)
                    continue
                }
                // A block between two rules, not indented under the first,
                // ends the list: the rules after it would be plain text.
                diagnostics.append(Diagnostic(.ruleNumbering, "a second numbered list under '## The rules': the rule list (line \(ruleList.line)) ends before it, so these items are not rules; indent what stands between two rules (a citation block, a demo) as the rule's text is", at: location(block.start)))
                rulesIncomplete = true
            }

            if current != nil {
                read(block, into: &current!.parts)
            } else {
                read(block, into: &introduction)
            }
        }
        finishQuestion(&self)
        if let section = current { sections.append(section) }
        self.introduction = introduction
        if let rulesSection = sections.first(where: { $0.role == .rules }), ruleList == nil {
            diagnostics.append(Diagnostic(.ruleNumbering, "'## The rules' has no numbered list; write each rule as an item of a list starting '1.'", at: rulesSection.location))
            rulesIncomplete = true
        } else {
            diagnostics += citationsBeforeRuleList
        }
        if let faqSection = sections.first(where: { $0.role == .faq }), faq.isEmpty {
            diagnostics.append(Diagnostic(.emptyFAQ, "'## FAQ' has no questions, so the page has no FAQ; write each question as a '###' heading, with its answer under it", at: faqSection.location))
        }
        reportMisnamedSections()
        placeLinks()
    }

    /// Notes where each link to a page stands (`CrossReference.spot`): the
    /// last rule, question or section heading that starts before it; after
    /// the rule list, its section's heading.
    private mutating func placeLinks() {
        guard !crossReferences.isEmpty else { return }
        var marks: [(position: SourcePosition, anchor: String)] = []
        marks.reserveCapacity(sections.count + rules.count + faq.count + 1)
        func mark(_ location: SourceLocation, _ anchor: String) {
            marks.append((SourcePosition(line: location.line, column: location.column), anchor))
        }
        sections.forEach { mark($0.location, $0.anchor) }
        rules.forEach { mark($0.location, $0.anchor) }
        faq.forEach { mark($0.location, $0.anchor) }
        if let end = ruleListEnd, let section = sections.first(where: { $0.role == .rules }) {
            marks.append((SourcePosition(line: end.line, column: end.column + 1), section.anchor))
        }
        marks.sort { $0.position < $1.position }
        for index in crossReferences.indices {
            let at = SourcePosition(line: crossReferences[index].location.line, column: crossReferences[index].location.column)
            // The last mark at or before the link.
            var low = 0, high = marks.count
            while low < high {
                let middle = (low + high) / 2
                if at < marks[middle].position { high = middle } else { low = middle + 1 }
            }
            crossReferences[index].spot = low == 0 ? nil : marks[low - 1].anchor
        }
    }

    /// Whether an anchor is a rule's or a source list entry's: `rule-` or
    /// `source-`, then a number.
    static func isNumberedAnchor(_ anchor: String) -> Bool {
        let prefix = anchor.hasBytePrefix("rule-") ? 5 : anchor.hasBytePrefix("source-") ? 7 : anchor.hasBytePrefix("figure-") ? 7 : 0
        return prefix > 0 && anchor.utf8.count > prefix
            && anchor.utf8.dropFirst(prefix).allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether a code block's info string makes it a demo: its first word is `demo`.
    private static func isDemo(_ info: String) -> Bool {
        info.split(separator: " ").first == "demo"
    }

    /// Reads a run of blocks (a rule's, an answer's) into parts.
    private mutating func content(of blocks: some Sequence<MarkdownNode>) -> [Section.Part] {
        var parts: [Section.Part] = []
        for block in blocks { read(block, into: &parts) }
        return parts
    }

    /// Reads one block into `parts`: its HTML, added to the HTML before it,
    /// and each demo block in it, at any depth, as a demo of its own where
    /// it stands, so that a demo in a list item or a quote is drawn too.
    private mutating func read(_ block: MarkdownNode, into parts: inout [Section.Part]) {
        if case .codeBlock(let info, let literal) = block.kind, Self.isDemo(info) {
            let index = readDemo(block, literal: literal)
            if rendersHTML { parts.append(.demo(index)) }
            return
        }
        var nested: [(block: MarkdownNode, literal: String)] = []
        findDemos(in: block, into: &nested)
        let indices = nested.map { readDemo($0.block, literal: $0.literal) }
        let html = self.html(of: block)
        guard rendersHTML else { return }
        guard !indices.isEmpty else { return Self.append(html, to: &parts) }
        // cmark-gfm writes each demo block, in order, as `<pre><code
        // class="language-demo">…</code></pre>`, its text escaped, so
        // neither marker can stand inside it; only raw HTML written out as
        // that very element, in a site that allows raw HTML, could stand
        // before it and be taken for it.
        let bytes = Array(html.utf8)
        var start = 0
        for index in indices {
            guard let open = bytes.firstRange(of: Self.demoOpening, from: start),
                  let close = bytes.firstRange(of: Self.demoClosing, from: open.upperBound) else { break }
            Self.append(String(decoding: bytes[start..<open.lowerBound], as: UTF8.self), to: &parts)
            parts.append(.demo(index))
            start = close.upperBound
        }
        Self.append(String(decoding: bytes[start...], as: UTF8.self), to: &parts)
    }

    private static let demoOpening = Array(#"<pre><code class="language-demo">"#.utf8)
    private static let demoClosing = Array("</code></pre>\n".utf8)

    /// Adds HTML to the parts, to the HTML part before it where there is one.
    private static func append(_ html: String, to parts: inout [Section.Part]) {
        guard !html.isEmpty else { return }
        if case .html(var before) = parts.last {
            // Taken out first, so that the text is appended to in place.
            parts.removeLast()
            before += html
            parts.append(.html(before))
        } else {
            parts.append(.html(html))
        }
    }

    /// A block's HTML, when building; a heading's with its anchor, `<h3
    /// id="…">`, which is the page's whether building or not.
    private mutating func html(of block: MarkdownNode) -> String {
        guard case .heading = block.kind else { return rendersHTML ? document.html(block) : "" }
        let id = anchor(for: block.plainText, fallback: "section")
        guard rendersHTML else { return "" }
        let html = document.html(block)
        if html.hasBytePrefix("<h"), let close = html.firstIndex(of: ">") {
            return String(html[..<close]) + " id=\"\(HTMLText.escapeAttribute(id))\"" + String(html[close...])
        }
        return html
    }

    /// Collects the demo blocks in a block, at any depth, in order, and
    /// reports the code blocks that were surely meant to be demos.
    private mutating func findDemos(in block: MarkdownNode, into demos: inout [(block: MarkdownNode, literal: String)]) {
        switch block.kind {
        case .codeBlock(let info, let literal):
            if Self.isDemo(info) {
                demos.append((block, literal))
            } else if let word = Self.misspeltDemo(info) {
                diagnostics.append(Diagnostic(.misnamedDemo, "this code block is marked '\(word)', so readers see its text as code and no demo is drawn; a demo block is marked 'demo', as in ```demo", at: location(block.start)))
            }
        case .blockQuote, .list, .item:
            for child in block.children { findDemos(in: child, into: &demos) }
        default:
            break
        }
    }

    /// The first word of a code block's info string when it is `demo` with
    /// another case, letters out of order, or punctuation (`Demo`, `dmeo`,
    /// `{.demo}`).
    static func misspeltDemo(_ info: String) -> String? {
        guard let word = info.split(separator: " ").first, word != "demo" else { return nil }
        let letters = String(word.lowercased().filter(\.isLetter))
        guard letters == "demos" || (letters.count == 4 && letters.sorted() == Array("demo").sorted()) else { return nil }
        return String(word)
    }

    /// Checks a heading's level against the heading before it (`headingLevel`,
    /// which becomes this one's), and that it has text.
    private mutating func checkHeading(_ block: MarkdownNode, level: Int, after headingLevel: inout Int, isQuestion: Bool) {
        if level > headingLevel + 1 {
            let hashes = String(repeating: "#", count: level), expected = String(repeating: "#", count: headingLevel + 1)
            diagnostics.append(Diagnostic(.headingOrder, "a '\(hashes)' heading under \(headingLevel == 1 ? "the page's title" : "a '\(String(repeating: "#", count: headingLevel))' heading") skips a level, which people moving through the page by its headings (with a screen reader) find missing; make it '\(expected)'", at: location(block.start)))
        }
        headingLevel = level
        // An empty heading reads as nothing to screen readers, and an
        // empty question is a question with no name in structured data.
        if block.hasNoText {
            let what = isQuestion ? "a question with no text: readers would see an empty heading, and search engines an FAQ entry with no question" : "a heading with no text: readers (and screen readers) would find an empty heading"
            diagnostics.append(Diagnostic(.emptyHeading, "\(what); write it, or remove the '\(String(repeating: "#", count: level))'", at: location(block.start)))
        }
    }

    /// Checks the headings inside a list or a block quote, in the order
    /// readers meet them.
    private mutating func checkHeadings(in container: MarkdownNode, after headingLevel: inout Int) {
        for child in container.children {
            switch child.kind {
            case .heading(let level): checkHeading(child, level: level, after: &headingLevel, isQuestion: false)
            case .blockQuote, .list, .item: checkHeadings(in: child, after: &headingLevel)
            default: break
            }
        }
    }

    /// The question of a paragraph whose first line is a question in bold
    /// or italics (`**Does it move?**`, alone or with its answer on the next
    /// lines), and which of the two: what an editor used to other sites'
    /// FAQs writes instead of a `###` heading. A question in italics within
    /// a sentence is prose, and is not one.
    static func emphasizedQuestion(_ block: MarkdownNode) -> (question: String, style: String)? {
        guard case .paragraph = block.kind, let first = block.children.first else { return nil }
        let style: String
        switch first.kind {
        case .strong: style = "bold"
        case .emphasis: style = "italics"
        default: return nil
        }
        // The line ends after it (spaces aside), or the paragraph does.
        let rest = block.children.dropFirst().drop { node in
            if case .text(let text) = node.kind { return text.isBlank }
            return false
        }
        if let next = rest.first, next.kind != .softBreak, next.kind != .lineBreak { return nil }
        let question = first.plainText.trimmed
        return question.hasSuffix("?") ? (question, style) : nil
    }

    /// Warns of a heading that reads like `## The rules` or `## FAQ`, on a
    /// page that has no such section: what is under it is shown as an
    /// ordinary section, so its list is not the page's rules, or its
    /// questions not the page's FAQ.
    private mutating func reportMisnamedSections() {
        for role in [Section.Role.rules, .faq] where !sections.contains(where: { $0.role == role }) {
            guard let section = sections.first(where: { $0.role == .other && Self.nearRole($0.title) == role }) else { continue }
            let message = role == .rules
                ? "'## \(section.title.trimmed)' is an ordinary section, so its list is not the page's rules (no rule anchors, no citations); the rules' heading is '## The rules'"
                : "'## \(section.title.trimmed)' is an ordinary section, so its questions are not the page's FAQ (no structured data for them); the FAQ's heading is '## FAQ'"
            diagnostics.append(Diagnostic(.misnamedSection, message, at: section.location))
        }
    }

    /// The role a section title was surely meant to have: `Rules`, `The
    /// rules:`, `The ruels`; `FAQs`, `F.A.Q.`, `Frequently asked questions`.
    static func nearRole(_ title: String) -> Section.Role? {
        let words = title.lowercased().split { !$0.isLetter }.joined(separator: " ")
        let letters = words.filter(\.isLetter)
        let sorted = letters.sorted()
        if ["rules", "rule", "the rule", "the rules"].contains(words)
            || sorted == Array("therules").sorted() || sorted == Array("rules").sorted() {
            return .rules
        }
        if ["faq", "faqs", "f a q", "f a q s", "frequently asked questions", "questions", "questions and answers",
            "q a", "q and a", "common questions"].contains(words)
            || sorted == Array("faq").sorted() || sorted == Array("faqs").sorted() {
            return .faq
        }
        return nil
    }

    private mutating func readDemo(_ block: MarkdownNode, literal: String) -> Int {
        // Where the fence stands, worked out once.
        let start = block.start
        let fence = location(start)
        var parser = DemoParser(file: file)
        // The block's lines are indented as its fence is (in a list item, a quote).
        let demo = parser.parse(
            literal, firstLine: start.line + 1, firstColumn: start.column, fence: fence,
            closed: !document.unclosedFences.contains(start)
        )
        diagnostics += parser.diagnostics
        demos.append(DemoBlock(location: fence, demo: demo))
        return demos.count - 1
    }

    private mutating func readRules(_ list: MarkdownNode, start: Int) {
        ruleListEnd = list.range.end
        if start != 1 {
            diagnostics.append(Diagnostic(.ruleNumbering, "the rule list starts at \(start); rules are numbered from 1, so that rule N is #rule-N", at: location(list.start)))
        }
        // Room for every rule at once, rather than grown one by one.
        rules.reserveCapacity(rules.count + list.children.count)
        for (index, item) in list.children.enumerated() {
            let number = index + 1
            take(.numbered("rule-", number))
            var body = item.children[...]
            var block: CitationBlock?
            if let last = body.last, case .paragraph = last.kind, let (parsed, found) = citationBlock(last) {
                body.removeLast()
                block = parsed
                diagnostics += found
            }
            for (index, child) in body.enumerated() where child.kind == .paragraph {
                reportStrayCitations(in: child, isLast: index == body.count - 1)
            }
            let parts = content(of: body)
            rules.append(Rule(
                number: number, parts: parts, citations: block, location: location(item.start)
            ))
        }
    }

    /// Reports a citation block that stands outside any rule, shown as text
    /// and citing nothing: under `## The rules` after the rule list (an
    /// error: it was surely meant for the last rule), or in another section
    /// (a warning, and only when it is written exactly as a citation block:
    /// prose may start `Source:`). One between two rules is not reported
    /// here: it ends the rule list, which the list after it reports.
    private mutating func reportCitationOutsideRules(_ text: String, at node: MarkdownNode, followedBy next: MarkdownNode?, in role: Section.Role?, after ruleList: SourcePosition?) {
        if role == .rules {
            if ruleList != nil, let next, case .list(let ordered, _, _) = next.kind, ordered { return }
            citationsIncomplete = true
            guard ruleList != nil else {
                // Reported once the section is known to have a rule list:
                // without one, its own error says what to mend.
                citationsBeforeRuleList.append(Diagnostic(.invalidCitation, "this citation block stands before the rule list, so it is shown as text and cites nothing; put it under its rule, indented as the rule's text, after a blank line", at: location(node.start)))
                return
            }
            diagnostics.append(Diagnostic(.invalidCitation, "this citation block stands after the rule list, not indented under a rule, so it is shown as text and cites nothing; indent it as its rule's text (three spaces), after a blank line", at: location(node.start)))
        } else if CitationParser.isCitationBlock(text) {
            citationsIncomplete = true
            diagnostics.append(Diagnostic(.invalidCitation, "a citation block belongs to a rule under '## The rules'; here it is shown as text and cites nothing", at: location(node.start), severity: .warning))
        }
    }

    /// Reports a citation block in a rule that would be shown as text: one
    /// written into the paragraph above it (no blank line between), one
    /// followed by more of the rule, or one whose `Sources (` is misspelt.
    private mutating func reportStrayCitations(in paragraph: MarkdownNode, isLast: Bool) {
        var afterBreak = true
        for (index, child) in paragraph.children.enumerated() {
            defer {
                afterBreak = child.isLineBreak
            }
            // Made a string only when it starts as a citation block may.
            guard afterBreak, child.withTextBytes({ CitationParser.mayBeCitationBlock($0) }) == true, case .text(let text) = child.kind else { continue }
            let message: String
            if index > 0 {
                // Inside prose, only a line starting with a capital: `Sources (`, `Source:`.
                guard text.hasBytePrefix("S") else { continue }
                message = "this citation block is part of the paragraph above it, so it is shown as text; put a blank line before it, and indent it as the rule's text"
            } else if !CitationParser.isCitationBlock(text) {
                message = "this paragraph reads like a citation block, but is shown as text: a citation block starts 'Sources (apple):' or 'Sources (recommendation):'"
            } else if !isLast {
                message = "a citation block is its rule's last paragraph; this one has more of the rule after it, so it is shown as text: move it to the end of the rule"
            } else {
                continue
            }
            diagnostics.append(Diagnostic(.invalidCitation, message, at: location(child.start)))
            citationsIncomplete = true
        }
    }

    /// A paragraph's text, and a way to find where its Nth character stands.
    /// The citation block `paragraph` is, parsed, with its findings; nil
    /// when it is not one.
    private func citationBlock(_ paragraph: MarkdownNode) -> (CitationBlock?, [Diagnostic])? {
        let children = paragraph.children
        if children.count == 1 {
            // One text, as a citation block usually is: read where it lies
            // (no string made of it), its Nth character N columns on.
            let node = children[0]
            let file = self.file, sourceIDs = self.sourceIDs
            if let parsed = node.withTextBytes({ bytes -> (CitationBlock?, [Diagnostic])? in
                guard CitationParser.isCitationBlock(utf8: bytes) else { return nil }
                let start = node.start
                return CitationParser.parse(utf8: bytes, sourceIDs: sourceIDs) { offset in
                    SourceLocation(file: file, line: start.line, column: start.column + offset)
                }
            }) {
                return parsed
            }
        }
        let (text, positions) = textWithPositions(paragraph)
        guard CitationParser.isCitationBlock(text) else { return nil }
        return CitationParser.parse(text, file: file, sourceIDs: sourceIDs, position: positions)
    }

    private func textWithPositions(_ paragraph: MarkdownNode) -> (String, (Int) -> SourceLocation) {
        let file = self.file
        // One text, as a citation block usually is: its Nth character is N columns on.
        if paragraph.children.count == 1, case .text(let text) = paragraph.children[0].kind {
            let start = paragraph.children[0].start
            return (text, { offset in SourceLocation(file: file, line: start.line, column: start.column + offset) })
        }
        var text = ""
        var segments: [(offset: Int, position: SourcePosition)] = []
        var count = 0
        func walk(_ node: MarkdownNode) {
            switch node.kind {
            case .text(let string), .code(let string):
                segments.append((count, node.start))
                text += string
                count += string.scalarCount
            case .softBreak, .lineBreak:
                text += " "
                count += 1
            default:
                node.children.forEach(walk)
            }
        }
        walk(paragraph)
        let fallback = paragraph.start
        return (text, { offset in
            guard let segment = segments.last(where: { $0.offset <= offset }) else {
                return SourceLocation(file: file, line: fallback.line, column: fallback.column)
            }
            return SourceLocation(file: file, line: segment.position.line, column: segment.position.column + offset - segment.offset)
        })
    }

    private mutating func collectLinks() {
        // Room for every link at once: most are links to other pages.
        crossReferences.reserveCapacity(document.links.count)
        for link in document.links {
            let url = link.url
            if link.isImage {
                if link.hasNoAlt {
                    diagnostics.append(Diagnostic(.missingAlt, "the image '\(url)' has no description, so readers who cannot see it (with a screen reader, or with images off) get nothing of it; describe it between the brackets: ![What it shows](\(url))", at: location(link.position)))
                }
                // An image is shown from its address: files are not published from Content/.
                if CrossReference.isRelative(url) {
                    diagnostics.append(Diagnostic(.brokenLink, url.isEmpty ? "an image with no address; give it one, or remove the image" : "the image '\(url)' is relative, but no file is published from Content/, so readers would see it missing; put it in Theme/assets/ and write its address, '/assets/\(url.split(separator: "/").last ?? "")'", at: location(link.position)))
                } else if SiteAddress.isOnSite(url) {
                    siteAddresses.append(SiteAddress(destination: url, isImage: true, location: location(link.position)))
                } else if LinkAddress.isWeb(url) {
                    externalLinks.append(ExternalLink(address: url, location: location(link.position)))
                }
                continue
            }
            if url.hasBytePrefix("#") {
                crossReferences.append(CrossReference(slug: slug, anchor: String(url.dropFirst()), destination: url, location: location(link.position)))
            } else if let target = CrossReference.target(of: url) ?? CrossReference.publishedTarget(of: url) {
                crossReferences.append(CrossReference(slug: target.slug, anchor: target.anchor, destination: url, location: location(link.position)))
            } else if CrossReference.isRelative(url) {
                diagnostics.append(Diagnostic(.brokenLink, Self.relativeLinkMessage(url), at: location(link.position)))
            } else if SiteAddress.isOnSite(url) {
                let address = SiteAddress(destination: url, isImage: false, location: location(link.position))
                if address.tagSlug != nil { tagAddresses.append(address) } else { siteAddresses.append(address) }
            } else if LinkAddress.isWeb(url) {
                externalLinks.append(ExternalLink(address: url, location: location(link.position)))
            }
        }
    }

    /// The findings about raw HTML in a page of a site that does not allow
    /// it (site.yml's `allow_raw_html`): cmark-gfm leaves it out of the
    /// page, so readers would not see it. One a line; an HTML comment
    /// (`<!-- a note -->`), left out on purpose, is not reported.
    static func rawHTMLFindings(_ document: MarkdownDocument, file: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var lines = Set<Int>()
        for piece in document.rawHTML where !piece.html.hasBytePrefix("<!--") {
            guard lines.insert(piece.position.line).inserted else { continue }
            let tag = piece.html.prefix { $0 != ">" && $0 != "\n" }.prefix(40) + ">"
            let what = piece.isBlock ? "this HTML block (\(tag)…) is left out of the page, with the text in it" : "the HTML tag \(tag) is left out of the page"
            diagnostics.append(Diagnostic(.rawHTML, "\(what): the site does not allow raw HTML (site.yml's allow_raw_html), so readers would not see it; write it in Markdown", at: SourceLocation(file: file, line: piece.position.line, column: piece.position.column)))
        }
        return diagnostics
    }

    /// What to say of a relative link that is not to a page's file: the
    /// build keeps it as written, where it leads nowhere from the page's
    /// file on GitHub, and seldom where it was meant to from its address.
    static func relativeLinkMessage(_ url: String) -> String {
        guard !url.isEmpty else { return "a link with no address; give it one, or remove the link" }
        var message = "the link to '\(url)' is relative but not to a page's file; only links to pages' files ('other.md', 'other.md#rule-1') are made into pages' addresses, and work both on GitHub and on the published site: link to the page's file, or give a full address ('https://…')"
        // `other#rule-1`, `other/`, `../other/`, `other.html`: surely a page.
        let hash = url.firstIndex(of: "#")
        let path = url[..<(hash ?? url.endIndex)]
        var name = path.split(separator: "/").last.map(String.init) ?? ""
        if name.hasSuffix(".html") { name.removeLast(5) }
        if name == "index", let folder = path.split(separator: "/").dropLast().last { name = String(folder) }
        if Slug.make(name) == name {
            message += "; did you mean '\(name).md\(hash.map { String(url[$0...]) } ?? "")'?"
        }
        return message
    }
}
