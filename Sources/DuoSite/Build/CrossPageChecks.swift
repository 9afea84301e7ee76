/// The checks across pages — links and their anchors, sources cited
/// nowhere, titles and questions given twice, tags that cannot be
/// addresses or make another's, the placement table's rows
/// citing pattern rules — run on every page's facts, those read in this
/// run and those kept from the previous build alike: the findings never
/// depend on which pages were read again.
struct CrossPageChecks: Sendable {
    /// The site, read without its pages (its settings, sources, table, and
    /// the page files that could not be read).
    let site: Site
    let today: Day

    /// The findings about `pages`, of which those whose slugs are in
    /// `published` are published (all of them, when nil); with
    /// `reportedFiles`, those in these files (and maybe others).
    func run(_ pages: [PageFacts], published: Set<String>? = nil, reportedFiles: Set<String>? = nil) -> [Diagnostic] {
        var site = self.site
        site.patterns = pages.map(\.page)
        var context = CheckContext(site: site, today: today, publishedSlugs: published, engine: nil)
        context.reportedFiles = reportedFiles
        return Checkers.runSiteLevel(context)
    }
}
