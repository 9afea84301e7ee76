import Mustache

/// What a worker checks and renders its pages with: the theme's templates,
/// what every page shares (checks, figures, source links), and the maker
/// of pages' template contexts, which holds the site (its settings,
/// sources, devices and placement table). See `WorkerCopies` for why each
/// worker has one of its own; a page takes it by one reference, not a copy
/// of each of its fields.
final class SiteCopy: Sendable {
    let templates: TemplateLibrary?
    let shared: Shared
    /// Makes each page's template context; made once, as it holds the
    /// site, which a context made for every page would copy.
    let pages: PageContext

    /// The build's own: the site and templates it read, and what pages share made from them.
    init(site: Site, templates: TemplateLibrary?, options: BuildOptions) {
        self.templates = templates
        shared = Shared(site: site, today: options.today)
        pages = PageContext(site: site, baseURL: SiteBuilder.baseURL(site, options), today: options.today, demos: shared.demos, links: shared.links)
    }

    /// A copy with storage of its own, read again from the site's files;
    /// nil when they no longer give the build's `fingerprint` (a file
    /// changed since the build began) or the theme cannot be read: the
    /// worker then uses the build's own.
    /// The findings of the checks of one page, against the context this
    /// copy holds (read where it lies, not copied for the page).
    func checkPage(_ pattern: Pattern) -> [Diagnostic] {
        Checkers.page(pattern, shared.checks)
    }

    convenience init?(readingAgain options: BuildOptions, fingerprint: UInt64) {
        var loader = SiteLoader(root: options.root)
        loader.files = []
        let (site, _) = loader.load()
        guard let templates = ThemeTemplates.load(root: options.root).library else { return nil }
        self.init(site: site, templates: templates, options: options)
        // Read after the copy, so that a file changed while it was read is noticed.
        guard BuildCache.fingerprints(root: options.root, options: options).build == fingerprint else { return nil }
    }
}
