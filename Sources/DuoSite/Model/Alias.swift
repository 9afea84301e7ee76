/// An address a page once had, or another address it answers at: a
/// page's `aliases:` and `site.yml`'s `gone:` name them. Written as a
/// page's slug (`old-name`, `old-name.md`) or as an address of the site
/// (`/patterns/old-name/`, `/guides/bars.html`), each is kept as the
/// address readers type, root-relative: a folder's ends in `/` (its page
/// is the folder's `index.html`), a file's in `.html`.
enum Alias {
    /// The address `written` names, made one way (`old-name` and
    /// `/patterns/old-name` are `/patterns/old-name/`,
    /// `/a/b/index.html` is `/a/b/`); or, when it names none, why.
    static func address(_ written: String) -> Result<String, Problem> {
        let text = written.trimmed
        guard !text.isEmpty else { return .failure(.empty) }
        guard text.hasBytePrefix("/") else {
            // A page's slug, or its file.
            let slug = text.hasSuffix(".md") ? String(text.dropLast(3)) : text
            guard !slug.contains("/") else { return .failure(.relative) }
            guard Pattern.isValidSlug(slug) else { return .failure(.slug) }
            return .success(.joining("/patterns/", slug, "/"))
        }
        var segments = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var folder = true
        if segments.last == "" {
            segments.removeLast()
        } else if segments.last == "index.html" {
            segments.removeLast()
        } else if let last = segments.last, last.hasSuffix(".html") {
            folder = false
        } else if let last = segments.last, last.contains(".") {
            return .failure(.fileKind)
        }
        for segment in segments {
            guard !segment.isEmpty, segment.first != ".", segment.utf8.allSatisfy(isAddressByte) else { return .failure(.characters) }
        }
        if segments.first == "patterns" {
            // Among the pages, an address is a page's: /patterns/<slug>/.
            guard segments.count == 2, folder, Pattern.isValidSlug(segments[1]) else { return .failure(.pageAddress) }
        }
        guard !segments.isEmpty else { return .success("/") }
        return .success("/" + segments.joined(separator: "/") + (folder ? "/" : ""))
    }

    /// The file of the output that answers at `address` (one made by
    /// `address(_:)`): `patterns/old-name/index.html`, `guides/bars.html`.
    static func file(of address: String) -> String {
        let path = String(address.dropFirst())
        return path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path
    }

    /// The page of the slug `slug`'s address: `/patterns/<slug>/`.
    static func pageAddress(_ slug: String) -> String {
        .joining("/patterns/", slug, "/")
    }

    /// The slug of the page whose address `address` is, or nil when it is
    /// not a page's (`/patterns/<slug>/`).
    static func slug(of address: String) -> String? {
        guard address.hasBytePrefix("/patterns/"), address.hasSuffix("/") else { return nil }
        let slug = address.dropFirst("/patterns/".count).dropLast()
        return slug.isEmpty || slug.contains("/") ? nil : String(slug)
    }

    /// Why the build writes its own file at `address`, where no alias may
    /// stand; nil when it does not.
    static func reserved(_ address: String) -> String? {
        if address == "/" { return "the home page's" }
        if address == "/404.html" { return "the page that is not found's" }
        for (prefix, what) in [("/assets/", "the theme's files'"), ("/api/", "the API files'"), ("/tags/", "the tags' pages'"),
                               ("/_duosite/", "the preview's own")] where address.hasBytePrefix(prefix) || address == String(prefix.dropLast()) + ".html" {
            return what
        }
        return nil
    }

    /// Why a written address names none.
    enum Problem: Error, Equatable {
        case empty, relative, slug, fileKind, characters, pageAddress

        /// In an editor's words.
        var reason: String {
            switch self {
            case .empty: "it is empty"
            case .relative: "an address of the site starts with '/' (/patterns/old-name/), and a page's slug has no '/' (old-name)"
            case .slug: "a page's slug is lowercase letters, digits and '-', as its file's name is"
            case .fileKind: "an address is a folder's (/old/) or a page's file (/old.html), not another kind of file"
            case .characters: "an address is made of letters, digits, '-', '_', '.' and '~' between its '/', with no empty, hidden or '..' part"
            case .pageAddress: "an address among the pages is a page's, /patterns/<slug>/"
            }
        }
    }

    /// Whether `byte` may stand in an address's part as it is written.
    private static func isAddressByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"): true
        default: false
        }
    }
}
