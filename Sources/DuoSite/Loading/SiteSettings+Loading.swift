import Diagnostics
import YAML

extension SiteSettings {
    /// Reads site.yml's root node; findings for every bad key.
    static func read(_ node: YAMLNode, file: String) -> (SiteSettings, [Diagnostic]) {
        var reader = MappingReader(file: file, node: node, subject: "site.yml")
        var settings = SiteSettings.fallback
        if let title = reader.string("title", required: true) { settings.title = title.value }
        if let baseURL = reader.string("base_url", required: true) {
            var url = baseURL.value
            while url.hasSuffix("/") { url.removeLast() }
            if let problem = baseURLProblem(baseURL.value) {
                reader.diagnostics.append(Diagnostic(.invalidField, "'base_url' is '\(baseURL.value)': \(problem)", at: baseURL.location))
            } else {
                settings.baseURL = url
            }
        }
        if let language = reader.string("language") {
            if isLanguageTag(language.value) {
                settings.language = language.value
            } else {
                reader.diagnostics.append(Diagnostic(.invalidField, "'language' should be a language tag, like en or en-GB, not '\(language.value)'", at: language.location))
            }
        }
        if let interval = reader.interval("review_every") { settings.reviewEvery = interval.value }
        if let interval = reader.interval("due_soon") { settings.dueSoon = interval.value }
        if let flag = reader.bool("allow_raw_html") { settings.allowRawHTML = flag.value }
        if let flag = reader.bool("headers_file") { settings.headersFile = flag.value }
        if let flag = reader.bool("precompress") { settings.precompress = flag.value }
        if let flag = reader.bool("redirects_file") { settings.redirectsFile = flag.value }
        for written in reader.strings("gone") {
            switch Alias.address(written.value) {
            case .success(let address):
                if let reserved = Alias.reserved(address) {
                    reader.diagnostics.append(Diagnostic(.aliasConflict, "'gone' holds '\(written.value)', which is \(reserved) address: the build writes its own file there", at: written.location))
                } else {
                    settings.gone.append(Located(address, at: written.location))
                }
            case .failure(let problem):
                reader.diagnostics.append(Diagnostic(.invalidField, "'gone' holds '\(written.value)', which is not an address: \(problem.reason)", at: written.location))
            }
        }
        if let description = reader.string("description") { settings.description = description.value }
        if let owner = reader.string("owner") { settings.owner = owner.value }
        for entry in reader.strings("skip_links") {
            if let problem = LinkSkipList.problem(entry.value) {
                reader.diagnostics.append(Diagnostic(.invalidField, "'skip_links' holds '\(entry.value)': \(problem)", at: entry.location))
            } else {
                settings.skipLinks.append(entry.value)
            }
        }
        reader.reportUnknownKeys(known: keys)
        return (settings, reader.diagnostics)
    }

    /// Why an address cannot be the site's base URL, or nil when it can be:
    /// it is an http or https address of a host's root, since pages link to
    /// each other and to their assets from the root (`/patterns/…`,
    /// `/assets/…`), and the sitemap, the feed and canonical links put the
    /// two together.
    static func baseURLProblem(_ url: String) -> String? {
        var rest: Substring
        if url.hasPrefix("https://") {
            rest = url.dropFirst("https://".count)
        } else if url.hasPrefix("http://") {
            rest = url.dropFirst("http://".count)
        } else {
            return "it should be an http or https address, like https://duoapps.example"
        }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.isEmpty || rest.hasPrefix("/") {
            return "it should name a host, like https://duoapps.example"
        }
        if rest.contains(where: { $0.isWhitespace || "\"'<>\\`{}|^".contains($0) }) {
            return "it should be an address with no spaces, quotes or brackets, like https://duoapps.example"
        }
        if let cut = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            return "it should be the address of the site's root, with no path, query or fragment ('\(rest[cut...])'), like https://duoapps.example, since pages link to each other from the root (/patterns/…)"
        }
        return nil
    }

    /// Whether `text` has the shape of a BCP 47 language tag, as the pages'
    /// `lang` attribute and the feed need: a language of two or three
    /// letters, then subtags of one to eight letters and digits (`en`,
    /// `en-GB`, `zh-Hant-TW`).
    static func isLanguageTag(_ text: String) -> Bool {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
