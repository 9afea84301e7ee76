import Diagnostics
import Files

/// A page's facts as fields of a cache record, in a fixed order: its own
/// findings, its front matter, slug and what a mistake hid, the sources it
/// cites, its rules, anchors and questions, its links (with where each
/// stands) and links to tag pages, the rules its figures' items are
/// placed by, its aliases (each where it is written) and the hash of its
/// rule list. The page file's
/// path is not written: the record holds it once, ahead.
extension PageFacts {
    /// Appends the facts' fields.
    func encode(into writer: inout RecordWriter) {
        Self.encode(findings, into: &writer)
        let front = page.frontMatter
        writer.add(front.title.value); writer.add(front.title.location)
        writer.add(front.summary.value); writer.add(front.summary.location)
        writer.add(front.status.value.rawValue); writer.add(front.status.location)
        writer.add(front.lastChecked.value.description); writer.add(front.lastChecked.location)
        writer.add(front.hasLastChecked ? 1 : 0)
        writer.add(optional: front.reviewEvery?.value.description)
        writer.add(front.reviewEvery?.location ?? front.location)
        writer.add(optional: front.owner)
        writer.add(front.tags.count)
        for index in front.tags.indices {
            writer.add(front.tags[index])
            writer.add(front.tagLocation(index))
        }
        writer.add(optional: front.order.map(String.init))
        writer.add(front.location)
        writer.add(front.draft ? 1 : 0)
        writer.add(page.slug)
        // What a mistake hid: some rules (1), some citation blocks (2).
        writer.add((page.rulesIncomplete ? 1 : 0) | (page.citationsIncomplete ? 2 : 0))
        let cited = page.citedSources
        writer.add(cited.count)
        cited.forEach { writer.add($0) }
        writer.add(page.rules.count)
        for rule in page.rules {
            writer.add(rule.number)
            writer.add(rule.location)
        }
        // In byte order: read back as written.
        let anchors = page.anchors.sorted
        writer.add(anchors.count)
        anchors.forEach { writer.add($0) }
        writer.add(page.faq.count)
        for entry in page.faq {
            writer.add(entry.question)
            // The anchor is one of the page's: written as its place among them
            // (read back as that very text), or as text when it is not.
            if let place = anchors.firstIndex(of: entry.anchor) {
                writer.add(place)
            } else {
                writer.add(-1)
                writer.add(entry.anchor)
            }
            // The key, only when it is not the anchor (it usually is).
            writer.add(optional: entry.key == entry.anchor ? nil : entry.key)
            writer.add(entry.location)
        }
        writer.add(page.crossReferences.count)
        for link in page.crossReferences {
            writer.add(link.slug)
            writer.add(optional: link.anchor)
            writer.add(optional: link.writtenDestination)
            writer.add(link.location)
            writer.add(optional: link.spot)
        }
        writer.add(page.tagAddresses.count)
        for address in page.tagAddresses {
            writer.add(address.destination)
            writer.add(address.location)
        }
        // Each figure's rules: its number, then each rule's page and number.
        writer.add(page.figureRules.count)
        for figure in page.figureRules {
            writer.add(figure.figure)
            writer.add(figure.rules.count)
            for rule in figure.rules {
                writer.add(rule.slug)
                writer.add(rule.number)
            }
        }
        writer.add(front.aliases.count)
        for alias in front.aliases {
            writer.add(alias.value)
            writer.add(alias.location)
        }
        writer.add(page.rulesKey)
    }

    /// Reads facts written by `encode`, of the page file `file`.
    static func decode(from reader: inout RecordReader, file: String) throws -> PageFacts {
        typealias Malformed = RecordReader.Malformed
        let findings = try decodeFindings(from: &reader)
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
        let tagged = try (0..<reader.count()).map { _ in (try reader.text(), try reader.location()) }
        let order = try reader.optionalText().map { text -> Int in
            guard let order = Int(text) else { throw Malformed() }
            return order
        }
        let frontLocation = try reader.location()
        let draft = try reader.number() == 1
        var front = FrontMatter(
            title: title, summary: summary, status: Located(status, at: statusLocation),
            lastChecked: Located(lastChecked, at: lastCheckedLocation), reviewEvery: reviewEvery,
            owner: owner, tags: tagged.map(\.0), order: order, draft: draft, location: frontLocation,
            tagLocations: tagged.map(\.1)
        )
        front.hasLastChecked = hasLastChecked
        let slug = try reader.text()
        let hidden = try reader.number()
        let cited = try (0..<reader.count()).map { _ in try reader.text() }
        let rules = try (0..<reader.count()).map { _ in
            Rule(number: try reader.number(), parts: [], citations: nil, location: try reader.location())
        }
        let anchors = AnchorList(writtenSorted: try (0..<reader.count()).map { _ in try reader.text() })
        let faq = try (0..<reader.count()).map { _ in
            let question = try reader.text(), place = try reader.number()
            guard place < anchors.count else { throw Malformed() }
            let anchor = place >= 0 ? anchors.sorted[place] : try reader.text()
            let key = try reader.optionalText() ?? anchor
            return FAQEntry(question: question, heading: 0, anchor: anchor, key: key, answer: [], answerBlocks: [], isAnswered: true, location: try reader.location(),
                            keyHash: ContentHash.of(key))
        }
        let links = try (0..<reader.count()).map { _ in
            CrossReference(slug: try reader.text(), anchor: try reader.optionalText(), writtenDestination: try reader.optionalText(), location: try reader.location(),
                           spot: try reader.optionalText())
        }
        let tagAddresses = try (0..<reader.count()).map { _ in
            SiteAddress(destination: try reader.text(), isImage: false, location: try reader.location())
        }
        let figures = try (0..<reader.count()).map { _ in
            FigureRules(figure: try reader.number(), rules: try (0..<reader.count()).map { _ in RuleAddress(slug: try reader.text(), number: try reader.number()) })
        }
        front.aliases = try (0..<reader.count()).map { _ in Located(try reader.text(), at: try reader.location()) }
        let rulesKey = try reader.unsigned()
        var page = Pattern(
            file: file, slug: slug, frontMatter: front, sections: [], rules: rules, faq: faq, demos: [],
            crossReferences: links, anchors: anchors, introduction: []
        )
        page.citedSources = cited
        page.figureRules = figures
        page.tagAddresses = tagAddresses
        page.rulesIncomplete = hidden & 1 != 0
        page.citationsIncomplete = hidden & 2 != 0
        page.rulesKey = rulesKey
        return PageFacts(page: page, findings: findings)
    }

    /// Appends findings as fields: their count, then each one.
    static func encode(_ findings: [Diagnostic], into writer: inout RecordWriter) {
        writer.add(findings.count)
        for finding in findings {
            writer.add(finding.severity.rawValue)
            writer.add(finding.code.rawValue)
            writer.add(finding.location.file)
            writer.add(finding.location)
            writer.add(finding.message)
        }
    }

    /// Reads findings written by `encode(_:into:)`.
    static func decodeFindings(from reader: inout RecordReader) throws -> [Diagnostic] {
        try (0..<reader.count()).map { _ -> Diagnostic in
            guard let severity = Diagnostic.Severity(rawValue: try reader.text()),
                  let code = DiagnosticCode(rawValue: try reader.text()) else { throw RecordReader.Malformed() }
            var location = SourceLocation(file: try reader.text())
            let position = try reader.location()
            location.line = position.line
            location.column = position.column
            return Diagnostic(code, try reader.text(), at: location, severity: severity)
        }
    }
}
