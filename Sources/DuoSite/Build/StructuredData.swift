/// The JSON-LD of a page: a schema.org `WebPage` — an `FAQPage` when the page
/// has an FAQ, whose questions and answers are exactly the visible FAQ — with
/// `lastReviewed` (never passed off as `dateModified`) and a `BreadcrumbList`
/// matching the visible breadcrumb. Every string is escaped for a `<script>`.
enum StructuredData {
    /// The JSON-LD text of a pattern page.
    static func page(_ pattern: Pattern, site: Site, baseURL: String, breadcrumb: [(name: String, url: String?)]) -> String {
        let canonical = baseURL + pattern.path
        let front = pattern.frontMatter
        var page: [(String, String)] = [
            ("@type", JSON.string(pattern.faq.isEmpty ? "WebPage" : "FAQPage")),
            ("@id", JSON.string(canonical)),
            ("url", JSON.string(canonical)),
            ("name", JSON.string(front.title.value)),
            ("headline", JSON.string(front.title.value)),
            ("description", JSON.string(front.summary.value)),
            ("inLanguage", JSON.string(site.settings.language)),
            ("lastReviewed", JSON.string(front.lastChecked.value.description)),
            ("isPartOf", object([("@type", JSON.string("WebSite")), ("name", JSON.string(site.settings.title)), ("url", JSON.string(baseURL + "/"))])),
            ("breadcrumb", object([("@id", JSON.string(canonical + "#breadcrumb"))])),
        ]
        if !pattern.faq.isEmpty {
            page.append(("mainEntity", array(pattern.faq.map { entry in
                object([
                    ("@type", JSON.string("Question")),
                    ("name", JSON.string(entry.question)),
                    ("acceptedAnswer", object([("@type", JSON.string("Answer")), ("text", JSON.string(entry.answerText))])),
                ])
            })))
        }
        let crumbs = object([
            ("@type", JSON.string("BreadcrumbList")),
            ("@id", JSON.string(canonical + "#breadcrumb")),
            ("itemListElement", array(breadcrumb.enumerated().map { index, crumb in
                object([
                    ("@type", JSON.string("ListItem")),
                    ("position", String(index + 1)),
                    ("name", JSON.string(crumb.name)),
                    ("item", JSON.string(crumb.url.map { baseURL + $0 } ?? canonical)),
                ])
            })),
        ])
        return object([("@context", JSON.string("https://schema.org")), ("@graph", array([object(page), crumbs]))])
    }

    private static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(JSON.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ", ") + "]"
    }
}

extension StructuredData {
    /// The JSON-LD of the home page: the site as a schema.org `WebSite`.
    static func website(site: Site, baseURL: String) -> String {
        "{\"@context\": \"https://schema.org\", \"@type\": \"WebSite\", \"name\": \(JSON.string(site.settings.title)), \"url\": \(JSON.string(baseURL + "/")), \"description\": \(JSON.string(site.settings.description)), \"inLanguage\": \(JSON.string(site.settings.language))}"
    }
}
