import Files
import Markdown

extension PageBodyReader {
    /// Reads a block of `## FAQ`: a `###` heading starts a question, and
    /// what follows it is its answer. False for a block before the first
    /// question, which is the section's own text.
    mutating func readInFAQ(_ block: MarkdownNode) -> Bool {
        if case .heading(let level) = block.kind, level == 3 {
            finishQuestion()
            let question = block.plainText.trimmed
            let slug = Slug.make(question)
            var entry = FAQEntry(question: question, heading: block.place, anchor: anchor(base: slug ?? "question"), key: slug ?? question,
                                 answer: [], answerBlocks: [], isAnswered: false, location: location(block.start))
            entry.keyHash = ContentHash.of(entry.key)
            pendingQuestion = (entry, [])
            return true
        }
        // A question written in bold (`**Why?**`) is a paragraph, not a question.
        if let (question, style) = Self.emphasizedQuestion(block) {
            outline.emphasizedQuestions.append(.init(question: question, style: style, location: location(block.start), inAnswer: pendingQuestion != nil))
        }
        guard pendingQuestion != nil else { return false }
        // A question written one level too low is part of the answer above.
        if case .heading(let level) = block.kind, level > 3, block.plainText.trimmed.hasSuffix("?") {
            outline.lowQuestions.append(.init(level: level, text: block.plainText.trimmed, location: location(block.start)))
        }
        pendingQuestion?.blocks.append(block)
        return true
    }

    /// Ends the question being read: its answer read into parts.
    mutating func finishQuestion() {
        // Taken out, not copied: an entry holds a dozen strings and lists.
        guard let (question, blocks) = pendingQuestion.take() else { return }
        var entry = consume question
        let demosBefore = demos.count
        entry.answer = content(of: blocks)
        entry.answerBlocks = blocks.map(\.place)
        // The answer as readers read it: a demo is a figure, not words.
        entry.isAnswered = demos.count != demosBefore || !blocks.allSatisfy { $0.plainText(omittingCodeBlocks: Self.isDemo).isBlank }
        faq.append(entry)
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
}
