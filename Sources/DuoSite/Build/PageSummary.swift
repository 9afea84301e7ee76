/// What the build cache keeps of a page between builds: the page without its
/// HTML, demos or citations (but with the sources it cites) (what the site-wide checks, the index, the sitemap and the
/// feed read) and the findings of its own checks, so that an unchanged page
/// is neither parsed nor rendered again.
struct PageSummary {
    /// The page, without HTML and demos.
    var pattern: Pattern
    /// The findings about this page alone (parsing and page checks).
    var diagnostics: [Diagnostic]

    /// Where the parts of an encoded summary start, in bytes from the
    /// record's first: its title (what the duplicate-title check reads),
    /// the rest of its front matter (what the site-wide files read, and no
    /// check across pages), what the other checks across pages read of the
    /// page but its cited sources, rules, anchors and questions, the sources
    /// it cites (what the unused-source check reads), its rules, anchors
    /// and questions (what other pages' links, their questions and the
    /// placement table's rows are checked against), where its rules and
    /// questions stand, and its links.
    struct Parts {
        var title: Int
        var listing: Int
        /// Where the page's draft flag starts: hashed with its anchors
        /// (links to a draft are what it changes), though written here, in
        /// the front matter the site-wide files read.
        var draft: Int
        var outward: Int
        var cited: Int
        var anchors: Int
        var positions: Int
        var links: Int
        /// Where its questions start, inside the part of its rules,
        /// anchors and questions.
        var questions = 0
        /// Where its links end: after them come the places the facts other
        /// pages are checked against start (`crossPageFacts`).
        var end = 0
    }

    /// Encodes the summary as fields of a record: the findings first, which
    /// a rebuild reads alone for a page it keeps, then the front matter,
    /// title first (what the index, the feed and the sitemap read, decoded
    /// alone when nothing else is needed), then what the other checks
    /// across pages read (the sources it cites, then its rules, anchors and
    /// questions, after the rest, as an edit often changes them alone), the lines its rules and questions stand on next
    /// to last (a line added above them moves them, and nothing else other
    /// pages read), its links last, and after them where its slug, its
    /// questions and its links start (`crossPageFacts`). The page file's
    /// path is not written: the record holds it once, ahead.
    @discardableResult
    func encode(into writer: inout RecordWriter) -> Parts {
        Self.encode(diagnostics, into: &writer)
        var parts = Parts(title: writer.count, listing: 0, draft: 0, outward: 0, cited: 0, anchors: 0, positions: 0, links: 0)
        let front = pattern.frontMatter
        writer.add(front.title.value); writer.add(front.title.location)
        parts.listing = writer.count
        writer.add(front.summary.value); writer.add(front.summary.location)
        writer.add(front.status.value.rawValue); writer.add(front.status.location)
        writer.add(front.lastChecked.value.description); writer.add(front.lastChecked.location)
        writer.add(front.hasLastChecked ? 1 : 0)
        writer.add(optional: front.reviewEvery?.value.description)
        writer.add(front.reviewEvery?.location ?? front.location)
        writer.add(optional: front.owner)
        writer.add(front.tags.count); front.tags.forEach { writer.add($0) }
        writer.add(optional: front.order.map(String.init))
        writer.add(front.location)
        parts.draft = writer.count
        writer.add(front.draft ? 1 : 0)
        parts.outward = writer.count
        writer.add(pattern.slug)
        // What a mistake hid: some rules (1), some citation blocks (2).
        writer.add((pattern.rulesIncomplete ? 1 : 0) | (pattern.citationsIncomplete ? 2 : 0))
        parts.cited = writer.count
        let cited = pattern.citedSources
        writer.add(cited.count); cited.forEach { writer.add($0) }
        parts.anchors = writer.count
        // Rules and links are read where they lie too, not copied out one by one.
        let rules = pattern.rules
        writer.add(rules.count)
        rules.withUnsafeBufferPointer { rules in
            for index in rules.indices { writer.add(rules[index].number) }
        }
        // Kept in byte order: written as they are, read back as they were.
        let anchors = pattern.anchors.sorted
        writer.add(anchors.count); anchors.forEach { writer.add($0) }
        // Entries are read by index, each field where it lies, rather than copied whole.
        let faq = pattern.faq
        parts.questions = writer.count
        writer.add(faq.count)
        for index in faq.indices {
            writer.add(faq[index].question); writer.add(faq[index].anchor)
            // The key, only when it is not the anchor (it usually is).
            writer.add(optional: faq[index].key == faq[index].anchor ? nil : faq[index].key)
        }
        parts.positions = writer.count
        rules.withUnsafeBufferPointer { rules in
            for index in rules.indices { writer.add(rules[index].location) }
        }
        for index in faq.indices { writer.add(faq[index].location) }
        parts.links = writer.count
        let references = pattern.crossReferences
        writer.add(references.count)
        references.withUnsafeBufferPointer { references in
            for index in references.indices {
                writer.add(references[index].slug); writer.add(optional: references[index].anchor)
                writer.add(references[index].destination); writer.add(references[index].location)
            }
        }
        parts.end = writer.count
        // Last, where what a rebuild reads of every kept page starts, so
        // that it is read where it lies, the fields before it unread.
        writer.add(parts.outward); writer.add(parts.questions); writer.add(parts.links)
        return parts
    }

    /// Encodes findings as fields: their count, then each one.
    static func encode(_ diagnostics: [Diagnostic], into writer: inout RecordWriter) {
        writer.add(diagnostics.count)
        for diagnostic in diagnostics {
            writer.add(diagnostic.severity.rawValue); writer.add(diagnostic.code.rawValue)
            writer.add(diagnostic.location.file); writer.add(diagnostic.location)
            writer.add(diagnostic.message)
        }
    }

    /// Decodes findings written by `encode(_:into:)`.
    static func decodeDiagnostics(from reader: inout RecordReader) throws -> [Diagnostic] {
        try (0..<reader.number()).map { _ -> Diagnostic in
            guard let severity = Diagnostic.Severity(rawValue: try reader.text()),
                  let code = DiagnosticCode(rawValue: try reader.text()) else { throw RecordReader.Malformed() }
            var location = SourceLocation(file: try reader.text())
            let position = try reader.location()
            location.line = position.line
            location.column = position.column
            return Diagnostic(code, try reader.text(), at: location, severity: severity)
        }
    }

    /// What the checks across pages read of a page that a rebuild needs
    /// now and then without the rest of its summary.
    struct CrossPageFacts: Equatable {
        /// Its questions' keys (`FAQEntry.key`), in order, each as its
        /// hash (`fieldHash`): what questions asked twice are found
        /// among, ten thousand pages' at a time, with no text made.
        var questionKeys: [UInt64]
        /// The sources it cites, in order of first citation, each as the
        /// hash of its id (`fieldHash`).
        var citedSources: [UInt64]
        /// The slugs of the pages it links to, in order, as often as
        /// linked, each as its hash (`fieldHash`).
        var linkedSlugs: [UInt64]
        /// Whether a mistake hid some of its rules or citation blocks: then
        /// what it cites and what its rules are is not known.
        var hides = false
    }

    /// The hash of a text as `CrossPageFacts` holds a question's key, a
    /// cited source's id or a linked slug: of the text as a record writes
    /// it, so that a summary's fields are hashed where they lie, with no
    /// text made.
    static func fieldHash(_ text: String) -> UInt64 {
        var writer = RecordWriter(capacity: text.utf8.count + 8)
        writer.add(text)
        return writer.withBytes { ContentHash.of($0) }
    }

    /// The ids of the sources a page cites, as text, read from its
    /// summary's fields as `crossPageFacts(in:)` finds them: what a hash
    /// met in `CrossPageFacts.citedSources` is checked against.
    static func citedSources(in fields: StoredBytes) throws -> [String] {
        var outward = try reader(at: trailingPlaces(of: fields).numbers.0, in: fields)
        _ = try outward.rawField()  // the slug
        _ = try outward.number()  // whether a mistake hid some
        return try (0..<outward.number()).map { _ in try outward.text() }
    }

    /// Reads `CrossPageFacts` from the fields of a summary written by
    /// `encode`: from its last three fields, where its slug, its questions
    /// and its links start, and from there, each part where it lies,
    /// skipping only the fields within them it does not need.
    static func crossPageFacts(in fields: StoredBytes) throws -> CrossPageFacts {
        typealias Malformed = RecordReader.Malformed
        let (places, trailing) = try trailingPlaces(of: fields)
        guard places.0 < places.1, places.1 < places.2 else { throw Malformed() }
        var outward = try reader(at: places.0, in: fields)
        _ = try outward.rawField()  // the slug
        let hides = try outward.number() != 0
        let cited = try (0..<outward.number()).map { _ in try outward.fieldHash() }
        var asked = try reader(at: places.1, in: fields)
        let keys = try (0..<asked.number()).map { _ -> UInt64 in
            _ = try asked.rawField()  // the question
            let anchor = try asked.rawField()
            let key = try asked.rawField()
            // A key the same as the anchor is written as none.
            return (key.count == 1 && key.first == 0 ? anchor : key).withUnsafeBufferPointer { ContentHash.of($0) }
        }
        var linked = try reader(at: places.2, in: fields)
        let slugs = try (0..<linked.number()).map { _ -> UInt64 in
            let slug = try linked.fieldHash()
            for _ in 0..<4 { _ = try linked.rawField() }  // the anchor, the destination, the link's place
            return slug
        }
        // The links end where the places start: the fields were read as written.
        guard linked.rest.startIndex == trailing else { throw Malformed() }
        return CrossPageFacts(questionKeys: keys, citedSources: cited, linkedSlugs: slugs, hides: hides)
    }

    /// A reader of `fields` from the field starting at `place` (just after
    /// the separator written before it).
    private static func reader(at place: Int, in fields: StoredBytes) throws -> RecordReader {
        let separator = fields.startIndex + place
        guard place > 0, separator < fields.endIndex, fields[separator] == 0x1F else { throw RecordReader.Malformed() }
        return RecordReader(fields[(separator + 1)...])
    }

    /// The last three fields of `fields`, the places `encode` writes last
    /// (where the slug, the questions and the links start), in order, and
    /// where the first of them starts; read from the end, with no list made.
    private static func trailingPlaces(of fields: StoredBytes) throws -> (numbers: (Int, Int, Int), start: Int) {
        var numbers = (0, 0, 0)
        var end = fields.endIndex
        for slot in 0..<3 {
            var start = end
            while start > fields.startIndex, end - start <= 18, fields[start - 1] != 0x1F { start -= 1 }
            guard start < end, end - start <= 18 else { throw RecordReader.Malformed() }
            var value = 0
            for byte in fields[start..<end] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw RecordReader.Malformed() }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            switch slot {
            case 0: numbers.2 = value
            case 1: numbers.1 = value
            default: numbers.0 = value
            }
            end = start - 1
            guard end >= fields.startIndex else { throw RecordReader.Malformed() }
        }
        return (numbers, end + 1)
    }

    /// Decodes a summary written by `encode`, of the page file `file`.
    /// With `listingOnly`, only what the site-wide files and the
    /// duplicate-title check read: the front matter and the slug (the
    /// page's anchors, rules, questions, cited sources and links, most of
    /// a record's fields, are left unread and empty).
    static func decode(from reader: inout RecordReader, file: String, listingOnly: Bool = false) throws -> PageSummary {
        typealias Malformed = RecordReader.Malformed
        let diagnostics = try decodeDiagnostics(from: &reader)
        reader.file = file
        let title = Located(try reader.text(), at: try reader.location())
        let summary = Located(try reader.text(), at: try reader.location())
        guard let status = Pattern.Status(rawValue: try reader.text()) else { throw Malformed() }
        let statusLocation = try reader.location()
        guard let lastChecked = Day(try reader.text()) else { throw Malformed() }
        let lastCheckedLocation = try reader.location()
        let hasLastChecked = try reader.number() == 1
        let reviewText = try reader.optionalText()
        let reviewLocation = try reader.location()
        let reviewEvery = try reviewText.map { text -> Located<ReviewInterval> in
            guard let interval = ReviewInterval(text) else { throw Malformed() }
            return Located(interval, at: reviewLocation)
        }
        let owner = try reader.optionalText()
        let tags = try (0..<reader.number()).map { _ in try reader.text() }
        let order = try reader.optionalText().flatMap { Int($0) }
        let frontLocation = try reader.location()
        let draft = try reader.number() == 1
        let slug = try reader.text()
        let hidden = try reader.number()
        let rulesIncomplete = hidden & 1 != 0, citationsIncomplete = hidden & 2 != 0
        var front = FrontMatter(
            title: title, summary: summary, status: Located(status, at: statusLocation),
            lastChecked: Located(lastChecked, at: lastCheckedLocation), reviewEvery: reviewEvery,
            owner: owner, tags: tags, order: order, draft: draft, location: frontLocation
        )
        front.hasLastChecked = hasLastChecked
        guard !listingOnly else {
            var pattern = Pattern(
                file: file, slug: slug, frontMatter: front, sections: [], rules: [], faq: [], demos: [],
                crossReferences: [], anchors: AnchorList(), introduction: []
            )
            pattern.rulesIncomplete = rulesIncomplete
            pattern.citationsIncomplete = citationsIncomplete
            return PageSummary(pattern: pattern, diagnostics: diagnostics)
        }
        let cited = try (0..<reader.number()).map { _ in try reader.text() }
        let numbers = try (0..<reader.number()).map { _ in try reader.number() }
        guard let anchors = AnchorList(readBack: try (0..<reader.number()).map { _ in try reader.text() }) else { throw Malformed() }
        let questions = try (0..<reader.number()).map { _ in
            let question = try reader.text(), anchor = try reader.text()
            return (question, anchor, try reader.optionalText() ?? anchor)
        }
        let rules = try numbers.map { number in
            Rule(number: number, parts: [], citations: nil, location: try reader.location())
        }
        let faq = try questions.map { question, anchor, key in
            FAQEntry(question: question, questionHTML: "", anchor: anchor, key: key, answer: [], answerText: "", location: try reader.location())
        }
        let references = try (0..<reader.number()).map { _ in
            CrossReference(slug: try reader.text(), anchor: try reader.optionalText(), destination: try reader.text(), location: try reader.location())
        }
        var pattern = Pattern(
            file: file, slug: slug, frontMatter: front, sections: [], rules: rules, faq: faq, demos: [],
            crossReferences: references, anchors: anchors, introduction: []
        )
        pattern.citedSources = cited
        pattern.rulesIncomplete = rulesIncomplete
        pattern.citationsIncomplete = citationsIncomplete
        return PageSummary(pattern: pattern, diagnostics: diagnostics)
    }
}
