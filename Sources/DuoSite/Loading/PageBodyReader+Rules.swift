import Diagnostics
import Markdown

extension PageBodyReader {
    /// Reads a block of `## The rules`: its first numbered list is the rule
    /// list. False for any other block, which is the section's own text; a
    /// second numbered list is noted (the rule list ends before it, and its
    /// items are not rules) and read as text.
    mutating func readRuleList(_ block: MarkdownNode) -> Bool {
        guard case .list(let ordered, let start, _) = block.kind, ordered else { return false }
        outline.numberedLists.append(.init(start: start, location: location(block.start)))
        guard ruleList == nil else {
            rulesIncomplete = true
            return false
        }
        ruleList = block.start
        readRules(block)
        current?.parts.append(.rules)
        return true
    }

    /// Reads the rule list: each item a rule, numbered from 1, its last
    /// paragraph its citation block when it is one.
    private mutating func readRules(_ list: MarkdownNode) {
        ruleListEnd = list.range.end
        // Room for every rule at once, rather than grown one by one.
        rules.reserveCapacity(rules.count + list.children.count)
        for (index, item) in list.children.enumerated() {
            let number = index + 1
            anchors.insert(.numbered("rule-", number))
            var body = item.children[...]
            var block: CitationBlock?
            if let last = body.last, case .paragraph = last.kind, let (parsed, found) = citationBlock(last) {
                body.removeLast()
                block = parsed
                diagnostics += found
            }
            for (index, child) in body.enumerated() where child.kind == .paragraph {
                noteStrayCitations(in: child, isLast: index == body.count - 1)
            }
            rules.append(Rule(number: number, parts: content(of: body), citations: block, location: location(item.start)))
        }
    }

    /// Notes a page's own paragraph that reads like a citation block but
    /// stands outside any rule, shown as text and citing nothing: under
    /// `## The rules` before or after the rule list, or, written exactly as
    /// a citation block, in another section (prose may start `Source:`).
    /// One between two rules is not noted: it ends the rule list, and the
    /// list after it is noted.
    mutating func noteCitationLikeParagraph(_ block: MarkdownNode, followedBy next: MarkdownNode?) {
        // The paragraph's text made a string only when it starts as a citation block may.
        guard case .paragraph = block.kind, let first = block.children.first,
              first.withTextBytes({ CitationParser.mayBeCitationBlock($0) }) == true, case .text(let text) = first.kind else { return }
        let at = location(first.start)
        if current?.role == .rules {
            if ruleList != nil, let next, case .list(let ordered, _, _) = next.kind, ordered { return }
            citationsIncomplete = true
            outline.strayCitations.append(.init(place: ruleList == nil ? .beforeRuleList : .afterRuleList, location: at))
        } else if CitationParser.isCitationBlock(text) {
            citationsIncomplete = true
            outline.strayCitations.append(.init(place: .outsideRules, location: at))
        }
    }

    /// Notes a citation block in a rule that would be shown as text: one
    /// written into the paragraph above it (no blank line between), one
    /// followed by more of the rule, or one whose `Sources (` is misspelt.
    private mutating func noteStrayCitations(in paragraph: MarkdownNode, isLast: Bool) {
        var afterBreak = true
        for (index, child) in paragraph.children.enumerated() {
            defer {
                afterBreak = child.isLineBreak
            }
            // Made a string only when it starts as a citation block may.
            guard afterBreak, child.withTextBytes({ CitationParser.mayBeCitationBlock($0) }) == true, case .text(let text) = child.kind else { continue }
            let place: PageOutline.StrayCitation.Place
            if index > 0 {
                // Inside prose, only a line starting with a capital: `Sources (`, `Source:`.
                guard text.hasBytePrefix("S") else { continue }
                place = .inParagraph
            } else if !CitationParser.isCitationBlock(text) {
                place = .misspelt
            } else if !isLast {
                place = .beforeRuleText
            } else {
                continue
            }
            outline.strayCitations.append(.init(place: place, location: location(child.start)))
            citationsIncomplete = true
        }
    }

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

    /// A paragraph's text, and a way to find where its Nth character stands.
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
}
