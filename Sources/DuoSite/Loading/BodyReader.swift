import Markdown

/// Walks a page's Markdown blocks into sections, the rule list, the FAQ, demo
/// blocks and cross-references, rendering HTML fragments when building.
struct BodyReader {
    let file: String
    let slug: String
    let document: MarkdownDocument
    let rendersHTML: Bool

    private(set) var diagnostics: [Diagnostic] = []
    private(set) var sections: [Section] = []
    private(set) var introduction: [Section.Part] = []
    private(set) var rules: [Rule] = []
    private(set) var faq: [FAQEntry] = []
    private(set) var demos: [DemoBlock] = []
    private(set) var crossReferences: [CrossReference] = []
    private(set) var anchors = AnchorList()

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

    /// `base`, numbered when the page already has it.
    private mutating func anchor(base: String) -> String {
        var candidate = base
        var number = 1
        while anchors.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        anchors.insert(candidate)
        return candidate
    }

    mutating func read() {
        collectLinks()
        anchors.insert("sources")
        var current: Section?
        var sawRuleList = false
        var seenSourcesHeading = false
        var pendingQuestion: (entry: FAQEntry, blocks: [MarkdownNode])?

        func finishQuestion(_ reader: inout BodyReader) {
            guard let (question, blocks) = pendingQuestion else { return }
            var entry = question
            pendingQuestion = nil
            // Each block's text, made once: for the blank check and the structured data.
            let texts = blocks.map(\.plainText)
            let visible = blocks.indices.contains { index in
                if case .codeBlock(let info, _) = blocks[index].kind, Self.isDemo(info) { return true }
                return !texts[index].isBlank
            }
            if !visible {
                reader.diagnostics.append(Diagnostic(.emptyAnswer, "the question '\(entry.question)' has no answer; write it under the question's heading", at: entry.location))
            }
            // The answer as HTML, and as text for structured data: only a build needs them.
            if reader.rendersHTML {
                entry.answerText = texts.filter { !$0.isEmpty }.joined(separator: " ")
                entry.answerHTML = blocks.map { reader.document.html($0) }.joined()
            }
            reader.faq.append(entry)
        }

        for block in document.blocks {

            if case .heading(let level) = block.kind, level <= 2 {
                finishQuestion(&self)
                if let section = current { sections.append(section) }
                current = nil
                guard level == 2 else {
                    // A level-1 heading: the page's title is in the front matter.
                    diagnostics.append(Diagnostic(.invalidField, "a '#' heading in the page; the title comes from the front matter, and sections are '##' headings", at: location(block.range.start), severity: .warning))
                    continue
                }
                let title = block.plainText
                let role: Section.Role
                switch title.lowercased().trimmed {
                case "the rules":
                    // The rule list is the first section's: a second section's
                    // list would be shown without its rules' anchors and citations.
                    if let first = sections.first(where: { $0.role == .rules }) {
                        diagnostics.append(Diagnostic(.ruleNumbering, "a second '## The rules' section (the first is at line \(first.location.line)); a page's rules are one numbered list under one '## The rules' heading", at: location(block.range.start)))
                    }
                    role = .rules
                case "faq": role = .faq
                case "sources":
                    seenSourcesHeading = true
                    diagnostics.append(Diagnostic(.invalidField, "the Sources section is generated from the page's citations; remove this heading and what is under it", at: location(block.range.start)))
                    continue
                default: role = .other
                }
                seenSourcesHeading = false
                current = Section(
                    title: title, titleHTML: rendersHTML ? document.innerHTML(block) : "",
                    anchor: anchor(for: title, fallback: "section"), role: role, parts: [],
                    location: location(block.range.start)
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
                        anchor: anchor(base: slug ?? "question"), key: slug ?? question, answerHTML: "", answerText: "",
                        location: location(block.range.start)
                    )
                    pendingQuestion = (entry, [])
                    continue
                }
                if pendingQuestion != nil {
                    pendingQuestion?.blocks.append(block)
                    if case .codeBlock(let info, let literal) = block.kind, Self.isDemo(info) {
                        _ = readDemo(block, literal: literal)
                    }
                    continue
                }
            }

            // The first ordered list of `## The rules` is the rule list.
            if current?.role == .rules, !sawRuleList, case .list(let ordered, let start, _) = block.kind, ordered {
                sawRuleList = true
                readRules(block, start: start)
                current?.parts.append(.rules)
                continue
            }

            let part = self.part(for: block)
            if current != nil {
                current?.parts.append(contentsOf: part)
            } else {
                introduction.append(contentsOf: part)
            }
        }
        finishQuestion(&self)
        if let section = current { sections.append(section) }
        if let rulesSection = sections.first(where: { $0.role == .rules }), !sawRuleList {
            diagnostics.append(Diagnostic(.ruleNumbering, "'## The rules' has no numbered list; write each rule as an item of a list starting '1.'", at: rulesSection.location))
        }
    }

    private static func isDemo(_ info: String) -> Bool {
        info.split(separator: " ").first == "demo"
    }

    private mutating func part(for block: MarkdownNode) -> [Section.Part] {
        if case .codeBlock(let info, let literal) = block.kind, Self.isDemo(info) {
            return [.demo(readDemo(block, literal: literal))]
        }
        if case .heading = block.kind {
            let text = block.plainText
            let id = anchor(for: text, fallback: "section")
            guard rendersHTML else { return [] }
            let html = document.html(block)
            // Give the heading its anchor: `<h3>` becomes `<h3 id="…">`.
            if html.hasBytePrefix("<h"), let close = html.firstIndex(of: ">") {
                return [.html(String(html[..<close]) + " id=\"\(HTMLText.escapeAttribute(id))\"" + String(html[close...]))]
            }
            return [.html(html)]
        }
        return rendersHTML ? [.html(document.html(block))] : []
    }

    private mutating func readDemo(_ block: MarkdownNode, literal: String) -> Int {
        let fence = location(block.range.start)
        var parser = DemoParser(file: file)
        // The block's lines are indented as its fence is (in a list item, a quote).
        let demo = parser.parse(
            literal, firstLine: block.range.start.line + 1, firstColumn: block.range.start.column, fence: fence,
            closed: !document.unclosedFences.contains(block.range.start)
        )
        diagnostics += parser.diagnostics
        demos.append(DemoBlock(location: fence, demo: demo))
        return demos.count - 1
    }

    private mutating func readRules(_ list: MarkdownNode, start: Int) {
        if start != 1 {
            diagnostics.append(Diagnostic(.ruleNumbering, "the rule list starts at \(start); rules are numbered from 1, so that rule N is #rule-N", at: location(list.range.start)))
        }
        for (index, item) in list.children.enumerated() {
            let number = index + 1
            anchors.insert("rule-\(number)")
            var body = item.children
            var block: CitationBlock?
            if let last = body.last, case .paragraph = last.kind {
                let (text, positions) = textWithPositions(last)
                if CitationParser.isCitationBlock(text) {
                    body.removeLast()
                    let (parsed, found) = CitationParser.parse(text, file: file) { offset in
                        positions(offset)
                    }
                    block = parsed
                    diagnostics += found
                }
            }
            for child in body {
                if case .codeBlock(let info, let literal) = child.kind, Self.isDemo(info) {
                    _ = readDemo(child, literal: literal)
                }
            }
            let html = rendersHTML ? body.map { document.html($0) }.joined() : ""
            rules.append(Rule(
                number: number, html: html, citations: block, location: location(item.range.start)
            ))
        }
    }

    /// A paragraph's text, and a way to find where its Nth character stands.
    private func textWithPositions(_ paragraph: MarkdownNode) -> (String, (Int) -> SourceLocation) {
        var text = ""
        var segments: [(offset: Int, position: SourcePosition)] = []
        var count = 0
        func walk(_ node: MarkdownNode) {
            switch node.kind {
            case .text(let string), .code(let string):
                segments.append((count, node.range.start))
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
        let fallback = paragraph.range.start
        let file = self.file
        return (text, { offset in
            guard let segment = segments.last(where: { $0.offset <= offset }) else {
                return SourceLocation(file: file, line: fallback.line, column: fallback.column)
            }
            return SourceLocation(file: file, line: segment.position.line, column: segment.position.column + offset - segment.offset)
        })
    }

    private mutating func collectLinks() {
        for link in document.links {
            let url = link.url
            if url.hasBytePrefix("#") {
                crossReferences.append(CrossReference(slug: slug, anchor: String(url.dropFirst()), destination: url, location: location(link.position)))
            } else if let target = CrossReference.target(of: url) {
                crossReferences.append(CrossReference(slug: target.slug, anchor: target.anchor, destination: url, location: location(link.position)))
            }
        }
    }
}
