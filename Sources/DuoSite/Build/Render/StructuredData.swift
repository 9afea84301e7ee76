import Bytes
import Diagnostics

/// The JSON-LD of a page: a pattern page's, a schema.org `WebPage` — an `FAQPage` when the page
/// has an FAQ, whose questions and answers are exactly the visible FAQ — with
/// `lastReviewed` (never passed off as `dateModified`) and a `BreadcrumbList`
/// matching the visible breadcrumb. Every string is escaped for a `<script>`.
enum StructuredData {
    /// The JSON-LD text of a pattern page, `answers` its questions'
    /// answers as readers read them, in order.
    static func page(_ pattern: Pattern, answers: [String], site: Site, baseURL: String, breadcrumb: [(name: String, url: String?)]) -> String {
        let canonical = baseURL + pattern.path
        let front = pattern.frontMatter
        var json = JSONWriter()
        json.open("@context", "https://schema.org")
        json.key("@graph")
        json.append("[")
        json.open("@type", pattern.faq.isEmpty ? "WebPage" : "FAQPage")
        json.member("@id", canonical)
        json.member("url", canonical)
        json.member("name", front.title.value)
        json.member("headline", front.title.value)
        json.member("description", front.summary.value)
        json.member("inLanguage", site.settings.language)
        json.member("lastReviewed", front.lastChecked.value.description)
        json.siteAndBreadcrumb(site: site, baseURL: baseURL, canonical: canonical)
        if !pattern.faq.isEmpty {
            json.key("mainEntity")
            json.append("[")
            // By index: each entry's text read where it lies, not copied with the rest of it.
            let faq = pattern.faq
            for index in faq.indices {
                if index > 0 { json.append(", ") }
                json.open("@type", "Question")
                json.member("name", faq[index].question)
                json.key("acceptedAnswer")
                json.open("@type", "Answer")
                json.member("text", index < answers.count ? answers[index] : "")
                json.close()
                json.close()
            }
            json.append("]")
        }
        json.close()
        json.append(", ")
        appendBreadcrumb(breadcrumb, canonical: canonical, baseURL: baseURL, to: &json)
        json.append("]")
        json.close()
        return json.text
    }
}

/// Writes JSON objects as `{"key": "value", …}`, every string escaped for
/// a `<script>` element.
private struct JSONWriter: ~Copyable {
    private var writer = ByteBuffer(capacity: 4_096)
    /// Whether the object being written has no member yet.
    private var empty = true

    /// The JSON so far, as text.
    var text: String { writer.text }

    /// Appends JSON punctuation, as it is.
    mutating func append(_ markup: StaticString) {
        writer.append(markup: markup)
    }

    /// Appends a number.
    mutating func append(_ number: Int) {
        writer.append(number)
    }

    /// Starts an object whose first member is `key` with the string `value`.
    mutating func open(_ key: StaticString, _ value: String) {
        writer.append(markup: "{")
        empty = true
        member(key, value)
    }

    /// Ends the object being written.
    mutating func close() {
        writer.append(markup: "}")
        empty = false
    }

    /// Writes a member's key (a name of schema.org's, which needs no
    /// escaping); its value is written next.
    mutating func key(_ key: StaticString) {
        writer.append(markup: empty ? "\"" : ", \"")
        empty = false
        writer.append(markup: key)
        writer.append(markup: "\": ")
    }

    /// Writes a member whose value is a string.
    mutating func member(_ key: StaticString, _ value: String) {
        self.key(key)
        writer.appendJSONString(value)
    }

    /// Writes what every page's node says of its place: the site it is
    /// part of (`isPartOf`, a `WebSite`) and its breadcrumb, by reference
    /// (`<canonical>#breadcrumb`).
    mutating func siteAndBreadcrumb(site: Site, baseURL: String, canonical: String) {
        key("isPartOf")
        open("@type", "WebSite")
        member("name", site.settings.title)
        member("url", baseURL + "/")
        close()
        key("breadcrumb")
        open("@id", canonical + "#breadcrumb")
        close()
    }
}

extension StructuredData {
    /// The JSON-LD of the home page: the site as a schema.org `WebSite`.
    static func website(site: Site, baseURL: String) -> String {
        "{\"@context\": \"https://schema.org\", \"@type\": \"WebSite\", \"name\": \(JSON.string(site.settings.title)), \"url\": \(JSON.string(baseURL + "/")), \"description\": \(JSON.string(site.settings.description)), \"inLanguage\": \(JSON.string(site.settings.language))}"
    }
}

extension StructuredData {
    /// The JSON-LD of a page listing others (a tag's page, the tags): a
    /// schema.org `CollectionPage` whose `mainEntity` is an `ItemList` of
    /// `items` (name, root-relative address) as the page lists them, with a
    /// `BreadcrumbList` matching the visible breadcrumb.
    static func collection(name: String, description: String, path: String, items: [(name: String, path: String)],
                           breadcrumb: [(name: String, url: String?)], site: Site, baseURL: String) -> String {
        let canonical = baseURL + path
        var json = JSONWriter()
        json.open("@context", "https://schema.org")
        json.key("@graph")
        json.append("[")
        json.open("@type", "CollectionPage")
        json.member("@id", canonical)
        json.member("url", canonical)
        json.member("name", name)
        json.member("description", description)
        json.member("inLanguage", site.settings.language)
        json.siteAndBreadcrumb(site: site, baseURL: baseURL, canonical: canonical)
        json.key("mainEntity")
        json.open("@type", "ItemList")
        json.key("numberOfItems")
        json.append(items.count)
        json.key("itemListElement")
        json.append("[")
        for (index, item) in items.enumerated() {
            if index > 0 { json.append(", ") }
            json.open("@type", "ListItem")
            json.key("position")
            json.append(index + 1)
            json.member("name", item.name)
            json.member("url", baseURL + item.path)
            json.close()
        }
        json.append("]")
        json.close()
        json.close()
        json.append(", ")
        appendBreadcrumb(breadcrumb, canonical: canonical, baseURL: baseURL, to: &json)
        json.append("]")
        json.close()
        return json.text
    }

    /// Appends the `BreadcrumbList` of `breadcrumb` (the last crumb, with no link, is the page at `canonical`).
    private static func appendBreadcrumb(_ breadcrumb: [(name: String, url: String?)], canonical: String, baseURL: String, to json: inout JSONWriter) {
        json.open("@type", "BreadcrumbList")
        json.member("@id", canonical + "#breadcrumb")
        json.key("itemListElement")
        json.append("[")
        for (index, crumb) in breadcrumb.enumerated() {
            if index > 0 { json.append(", ") }
            json.open("@type", "ListItem")
            json.key("position")
            json.append(index + 1)
            json.member("name", crumb.name)
            json.member("item", crumb.url.map { baseURL + $0 } ?? canonical)
            json.close()
        }
        json.append("]")
        json.close()
    }
}
