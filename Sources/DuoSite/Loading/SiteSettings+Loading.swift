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
            if url.hasPrefix("https://") || url.hasPrefix("http://") {
                settings.baseURL = url
            } else {
                reader.diagnostics.append(Diagnostic(.invalidField, "'base_url' should be an http or https address, like https://duoapps.example, not '\(baseURL.value)'", at: baseURL.location))
            }
        }
        if let language = reader.string("language") { settings.language = language.value }
        if let interval = reader.interval("review_every") { settings.reviewEvery = interval.value }
        if let interval = reader.interval("due_soon") { settings.dueSoon = interval.value }
        if let flag = reader.bool("allow_raw_html") { settings.allowRawHTML = flag.value }
        if let description = reader.string("description") { settings.description = description.value }
        reader.reportUnknownKeys(known: keys)
        return (settings, reader.diagnostics)
    }
}
