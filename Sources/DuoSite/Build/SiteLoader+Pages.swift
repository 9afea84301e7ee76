import Diagnostics

extension SiteLoader {
    /// Reads the whole site: its own files and every page, read on every
    /// core (not checked: see `Checkers`). The result never depends on the
    /// order pages finish in.
    public func load() -> (Site, [Diagnostic]) {
        var (site, diagnostics) = loadWithoutPages()
        let source = PageSource(root: root, previous: nil)
        let reader = PageReader(allowRawHTML: site.settings.allowRawHTML, sourceIDs: site.sources.map { $0.id })
        let pages = ParallelMap.map(count: source.files.count) { index -> (Pattern?, [Diagnostic]) in
            switch source.input(at: index) {
            case .text(let text):
                let (read, found) = reader.read(file: text.file, bytes: text.bytes)
                return (read?.pattern, found)
            case .unchanged(let entry): return (entry.facts.page, entry.facts.findings)
            case .unreadable(let findings): return (nil, findings)
            case .refused(let failure): return (nil, [failure.diagnostic])
            }
        }
        site.patterns = pages.compactMap(\.0)
        site.unreadablePages = Set(zip(source.files, pages).filter { $0.1.0 == nil }.map { Self.slug(ofFile: $0.0) })
        diagnostics += [source.unlisted].compactMap { $0 } + pages.flatMap(\.1)
        return (site, diagnostics)
    }
}
