/// The checks across pages of one build, which keep what the previous
/// build found where it still holds. What the checks read of every page,
/// but its title, the sources it cites, its rules, anchors and questions,
/// whether it is a draft, its links and the lines its rules and questions
/// stand on, is one key (`BuildCache.siteKeys`' checks key): when it is the
/// previous build's, the previous findings stand, but for
/// - the links of the pages read again whose links changed, checked again
///   alone;
/// - the questions asked twice, found again among the pages asking them
///   when one of those moved its questions;
/// - when a page's rules, anchors or questions changed, or it became a
///   draft or was published (`BuildCache.siteKeys`' anchors key): the links to it and
///   its own, checked again alone, the questions asked twice, found again
///   among the pages asking a question another asks, and the placement
///   table's rows citing pattern rules;
/// - when the sources a page cites changed (`BuildCache.siteKeys`' cited key): the
///   sources cited nowhere, found again from every page's cited sources;
/// - when a title changed (`BuildCache.siteKeys`' titles key): the titles given
///   twice, found again from every page's front matter alone.
/// Page files added, removed or renamed change the key, but when that is
/// all that changed of it (`FileListChange`) each added page is taken as
/// changed in every way above, and each removed one as a page whose
/// rules, anchors and questions changed.
/// Otherwise every check runs on the whole site. Either way the findings
/// are those a full build gives.
struct FindingsAcrossPages: Sendable {
    /// The page files, in order.
    var files: [String]
    /// What became of each page file as the site was read.
    var outcomes: [SiteLoader.PageOutcome]
    /// This build's cache entries, by place in `files`.
    var entries: CacheEntries
    /// The previous build's cache, if any.
    var previous: BuildCache?
    /// The checks key of this build (`BuildCache.siteKeys`).
    var key: UInt64
    /// The cited sources' key of this build (`BuildCache.siteKeys`).
    var citedKey: UInt64
    /// The site's sources, in sources.yml's order.
    var sources: [Source]
    /// The site's placement table, when it has one.
    var placement: PlacementTable?
    /// The anchors' key of this build (`BuildCache.siteKeys`).
    var anchorsKey: UInt64
    /// The titles' key of this build (`BuildCache.siteKeys`).
    var titlesKey: UInt64
    /// The day standing in for today.
    var today: Day
    /// Whether drafts are published (`--drafts`).
    var drafts: Bool
    /// The published pages, by place in `files`.
    var published: [Int]
    /// The slugs of the page files that could not be read.
    var unreadable: Set<String>
    /// The site with every page (those kept decoded from the cache).
    var whole: @Sendable () -> Site
    /// The site with every page, those kept with their front matter alone
    /// (`BuildCache.Entry.listing()`).
    var listed: @Sendable () -> Site
    /// A page by its place in `files`: read in this build, or kept and decoded.
    var page: @Sendable (Int) -> Pattern?
    /// The page files added and removed since the previous build, found
    /// once, when the key is not the previous build's.
    private let fileListChange = Once<FileListChange?>()

    /// The page files added and removed since the previous build, when
    /// that is all that changed of what `key` covers: every page file was
    /// read, in this build and the previous one, each page in both has
    /// the same `outwardHash`, and no page added or removed had rules or
    /// citation blocks a mistake hid (which would change what the checks
    /// can tell of the whole site).
    struct FileListChange: Sendable {
        /// How many pages were added (each is read again, so a rebuild
        /// checks it as a page whose every part changed).
        var added: Int
        /// The files of the pages removed.
        var removed: [String]
    }

    /// Whether every check runs on the whole site (what the checks read
    /// changed beyond titles, links, where rules and questions stand and
    /// the page files there are, or there is nothing kept): then `whole`
    /// is made anyway.
    var runsEveryCheck: Bool {
        guard let kept = previous?.siteFindings else { return true }
        return kept.key != key && change() == nil
    }

    /// The findings, with what a later build needs to keep them.
    func findings() -> BuildCache.SiteFindings {
        guard let kept = previous?.siteFindings, kept.key == key || change() != nil else {
            let site = whole()
            let slugs = Set(published.map { SiteLoader.slug(ofFile: files[$0]) })
            let (links, patternRules, questions, unusedSources, titles, others, questionPages) = Checkers.runSiteLevelApart(CheckContext(site: site, today: today, publishedSlugs: slugs))
            return BuildCache.SiteFindings(key: key, citedKey: citedKey, anchorsKey: anchorsKey, titlesKey: titlesKey, links: links, patternRules: patternRules, questions: questions,
                                           questionPages: questionPages,
                                           unusedSources: unusedSources, sourcesCounted: UnusedSourceChecker.canTell(site), titles: titles, others: others)
        }
        // The pages read again, with their entries now and before.
        let reread = outcomes.indices.compactMap { index -> (pattern: Pattern, now: BuildCache.Entry, before: BuildCache.Entry?)? in
            guard case .read(let pattern) = outcomes[index], let entry = entries.entry(at: index) else { return nil }
            return (pattern, entry, previous?.entry(for: files[index], at: index))
        }
        var findings = kept

        var relinked = reread.filter { $0.now.linksHash != $0.before?.linksHash }.map(\.pattern)
        // Pages added or removed: every key below has changed with them.
        let filesChanged = kept.key != key
        let removed = filesChanged ? Set(change()?.removed ?? []) : []
        findings.key = key

        // What each page asks, cites and links to, read once (on every
        // core) when a page's questions, anchors or cited sources changed.
        let facts = kept.anchorsKey != anchorsKey || kept.citedKey != citedKey || filesChanged ? crossPageFacts() : []

        let askingTwice = Set(kept.questionPages)
        if kept.anchorsKey != anchorsKey || filesChanged {
            // Rules, anchors, questions or a draft changed, or pages were
            // added or removed: the links to those pages and their own are
            // checked again, the questions asked twice found again, and
            // the table's rows citing rules.
            let changed = reread.filter { $0.now.anchorsHash != $0.before?.anchorsHash }.map(\.pattern)
            // A few slugs, compared by their hashes with every page's links:
            // a hash met by another slug's only brings a page more to check.
            let changedSlugs = Array(Set((changed.map(\.slug) + removed.map(SiteLoader.slug(ofFile:))).map(PageSummary.fieldHash)))
            var again = Set(relinked.map(\.file))
            for pattern in changed where again.insert(pattern.file).inserted {
                relinked.append(pattern)
            }
            // (A broken link's message suggests the nearest page there is,
            // which a page added could change; but a broken link stops the
            // build, and a build stopped keeps no cache: the findings kept
            // have none.)
            for index in files.indices where !again.contains(files[index]) {
                if case .unreadable = facts[index] { continue }
                // A page whose summary cannot tell may link to them.
                if case .read(let read) = facts[index], !read.linkedSlugs.contains(where: { changedSlugs.contains($0) }) { continue }
                guard let linking = page(index) else { continue }
                again.insert(files[index])
                relinked.append(linking)
            }
            (findings.questions, findings.questionPages) = questionsAskedTwice(facts)
            findings.patternRules = patternRulesCited()
            findings.anchorsKey = anchorsKey
        } else if reread.contains(where: { askingTwice.contains($0.pattern.file) && $0.now.positionsHash != $0.before?.positionsHash }) {
            findings.questions = DuplicateQuestionChecker.findings(in: files.indices.filter { askingTwice.contains(files[$0]) }.compactMap(page))
        }

        if !relinked.isEmpty || !removed.isEmpty {
            let relinkedFiles = Set(relinked.map(\.file)).union(removed)
            findings.links.removeAll { relinkedFiles.contains($0.location.file) }
            findings.links += links(of: relinked)
        }

        if kept.citedKey != citedKey || filesChanged {
            findings.unusedSources = sourcesCitedNowhere(facts, counted: kept.sourcesCounted)
            findings.citedKey = citedKey
        }

        if kept.titlesKey != titlesKey || filesChanged {
            findings.titles = DuplicateTitleChecker.findings(in: listed().patterns)
            findings.titlesKey = titlesKey
        }
        return findings
    }

    /// The page files added and removed since the previous build, when
    /// that is all that changed of what the checks across pages read
    /// beyond the other keys (`FileListChange`); nil otherwise.
    private func change() -> FileListChange? {
        fileListChange.get {
            guard let previous, let kept = previous.siteFindings, kept.key != key else { return nil }
            // The previous build read every page file its entries name, and
            // no other: a file it could not read would have made its key
            // another.
            let before = previous.entries
            guard BuildCache.key(fingerprint: previous.fingerprint, files: before.map(\.file), hashes: before.map(\.outwardHash)) == kept.key else { return nil }
            // Both lists are in the order of the page files' paths (they
            // are listed sorted): walked side by side, each file compared
            // with its namesake.
            assert(zip(files, files.dropFirst()).allSatisfy { $0 < $1 } && zip(before, before.dropFirst()).allSatisfy { $0.file < $1.file })
            var added = 0
            var removed: [String] = []
            var index = 0, other = 0
            while index < files.count || other < before.count {
                if index < files.count, other < before.count, files[index] == before[other].file {
                    // A page file this build could not read has no entry.
                    guard let now = entries.entry(at: index), now.outwardHash == before[other].outwardHash else { return nil }
                    index += 1
                    other += 1
                } else if other == before.count || (index < files.count && files[index] < before[other].file) {
                    guard let now = entries.entry(at: index), let facts = now.crossPageFacts(), !facts.hides else { return nil }
                    added += 1
                    index += 1
                } else {
                    guard let facts = before[other].crossPageFacts(), !facts.hides else { return nil }
                    removed.append(before[other].file)
                    other += 1
                }
            }
            guard added > 0 || !removed.isEmpty else { return nil }
            return FileListChange(added: added, removed: removed)
        }
    }

    /// The placement table's rows citing pattern rules that do not exist,
    /// the pages it cites alone decoded.
    private func patternRulesCited() -> [Diagnostic] {
        guard let placement else { return [] }
        let places = Dictionary(files.indices.map { (SiteLoader.slug(ofFile: files[$0]), $0) }, uniquingKeysWith: { first, _ in first })
        let slugs = files.indices.compactMap { index -> String? in
            if case .unreadable = outcomes[index] { return nil }
            return SiteLoader.slug(ofFile: files[index])
        }
        return PlacementChecker.unknownRules(placement, slugs: slugs, unreadable: unreadable) { slug in
            places[slug].flatMap(page)
        }
    }

    /// What a page's summary tells of it (`PageSummary.CrossPageFacts`).
    private enum Facts {
        case read(PageSummary.CrossPageFacts)
        /// The page file could not be read: there is no page.
        case unreadable
        /// No summary to read them from, or one that cannot be read so.
        case unknown
    }

    /// Each page file's facts, by place in `files`.
    private func crossPageFacts() -> [Facts] {
        ParallelMap.map(Array(files.indices)) { index -> Facts in
            if case .unreadable = outcomes[index] { return .unreadable }
            return entries.entry(at: index)?.crossPageFacts().map(Facts.read) ?? .unknown
        }
    }

    /// The findings about the sources no page cites, from every page's
    /// cited sources; none when the pages cannot tell (`counted` is the
    /// previous build's answer, which stands while `key` does), and the
    /// whole site's when a page's summary cannot tell.
    private func sourcesCitedNowhere(_ facts: [Facts], counted: Bool) -> [Diagnostic] {
        guard counted else { return [] }
        // Each cited id's hash, and the first page citing it.
        var citing: [UInt64: Int] = [:]
        for index in facts.indices {
            switch facts[index] {
            case .unreadable: continue
            case .unknown: return UnusedSourceChecker().check(CheckContext(site: whole(), today: today))
            case .read(let read):
                for source in read.citedSources where citing[source] == nil { citing[source] = index }
            }
        }
        var every: Set<String>?
        return UnusedSourceChecker.findings(sources) { source in
            Self.isCited(source.id, hash: PageSummary.fieldHash, citing: citing, idsCitedBy: { entries.entry(at: $0)?.citedSources() }) {
                if every == nil { every = Set(files.indices.flatMap { entries.entry(at: $0)?.citedSources() ?? [] }) }
                return every!
            }
        }
    }

    /// Whether some page cites the source `id`, given each cited id's
    /// `hash` and the first page citing it (`citing`). An id whose hash no
    /// page cites is cited nowhere; one whose hash a page cites is looked
    /// for by name among that page's ids (`idsCitedBy`), and, if another id
    /// with the same hash stood there, among `every` id any page cites.
    static func isCited(
        _ id: String, hash: (String) -> UInt64, citing: [UInt64: Int],
        idsCitedBy: (Int) -> [String]?, every: () -> Set<String>
    ) -> Bool {
        guard let page = citing[hash(id)] else { return false }
        if let ids = idsCitedBy(page), ids.contains(id) { return true }
        return every().contains(id)
    }

    /// The questions asked on two pages, and the files of the pages asking
    /// them, found among the pages asking a question another page asks (a
    /// page asking only questions no other page asks can be left out: it
    /// finds nothing, and no page finds it first); among every page when
    /// one's summary cannot tell.
    private func questionsAskedTwice(_ facts: [Facts]) -> (findings: [Diagnostic], pages: [String]) {
        // Two keys with one hash would only bring a page more to compare.
        var firstAsker: [UInt64: Int] = [:]
        firstAsker.reserveCapacity(facts.count * 5)
        var asking = Set<Int>()
        var everyPage = false
        for index in facts.indices {
            guard case .read(let read) = facts[index] else {
                if case .unknown = facts[index] { everyPage = true; break }
                continue
            }
            for key in read.questionKeys {
                if let first = firstAsker[key] {
                    if first != index { asking.insert(first); asking.insert(index) }
                } else {
                    firstAsker[key] = index
                }
            }
        }
        let pages = (everyPage ? Array(files.indices) : asking.sorted()).compactMap(page)
        let survey = DuplicateQuestionChecker.survey(pages)
        return (survey.findings, survey.pagesAskingTwice)
    }

    /// The findings about the links of `pages` (read again), each link
    /// checked against the page it names alone.
    private func links(of pages: [Pattern]) -> [Diagnostic] {
        let places = Dictionary(uniqueKeysWithValues: files.indices.map { (SiteLoader.slug(ofFile: files[$0]), $0) })
        let target: (String) -> (page: Pattern, published: Bool)? = { slug in
            guard let index = places[slug], let found = page(index) else { return nil }
            return (found, drafts || !found.frontMatter.draft)
        }
        // Every page's slug, sorted once, when a link is broken.
        var sorted: [String]?
        let slugs = {
            if sorted == nil {
                sorted = zip(files, outcomes).compactMap { file, outcome -> String? in
                    if case .unreadable = outcome { return nil }
                    return SiteLoader.slug(ofFile: file)
                }.sorted()
            }
            return sorted!
        }
        return pages.filter { drafts || !$0.frontMatter.draft }.flatMap { pattern in
            CrossReferenceChecker.findings(for: pattern, unreadable: unreadable, slugs: slugs, target: target)
        }
    }
}
