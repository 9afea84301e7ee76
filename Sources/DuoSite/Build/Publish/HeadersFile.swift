/// `_headers`, the file Netlify and Cloudflare Pages read for the headers
/// of each address: the fingerprinted assets (`AssetNames`) may be kept a
/// year and never asked again (their address changes with their bytes),
/// and the pages are asked again on every visit, so that readers see a
/// build as soon as it is published. No address matches two of its rules
/// (both hosts join the values of a header set twice). A build writes it
/// unless `site.yml` says `headers_file: false`.
enum HeadersFile {

    /// The header of a file whose address changes with its bytes.
    static let immutable = "Cache-Control: public, max-age=31536000, immutable"
    /// The header of a page: kept, but asked again before it is shown.
    static let revalidated = "Cache-Control: no-cache"

    /// The addresses of the pages a build writes: the home page, the 404
    /// page, the pattern pages and the tag pages.
    static let pages = ["/", "/index.html", "/404.html", "/patterns/*", "/tags/*"]

    /// The file's bytes for the assets named by `assets`.
    static func bytes(_ assets: AssetNames) -> [UInt8] {
        var text = "# Written by duosite build: how long browsers keep each file (Netlify and Cloudflare Pages).\n"
        for name in assets.fingerprinted {
            text += "/assets/\(name)\n  \(immutable)\n"
        }
        for page in pages {
            text += "\(page)\n  \(revalidated)\n"
        }
        return Array(text.utf8)
    }
}
