/// `_redirects`, the file Netlify and Cloudflare Pages read for the
/// redirects of a site: one line for each alias of a published page (its
/// front matter's `aliases:`), answered with a permanent redirect (301) to
/// the page, so that those hosts send readers on before the alias's own
/// page is served. A build writes it when `site.yml` says
/// `redirects_file: true`; the alias pages are written either way.
enum RedirectsFile {

    /// The file's bytes for the published `pages`: a line an alias, in
    /// the order of the aliases' addresses.
    static func bytes(_ pages: [Pattern]) -> [UInt8] {
        var lines: [(alias: String, line: String)] = []
        for page in pages {
            for alias in page.frontMatter.aliases {
                lines.append((alias.value, "\(alias.value) \(page.path) 301\n"))
            }
        }
        lines.sort { $0.alias < $1.alias }
        var text = "# Written by duosite build: each page's old addresses (aliases:), sent on to the page (Netlify and Cloudflare Pages).\n"
        var seen = Set<String>()
        for entry in lines where seen.insert(entry.alias).inserted { text += entry.line }
        return Array(text.utf8)
    }
}
