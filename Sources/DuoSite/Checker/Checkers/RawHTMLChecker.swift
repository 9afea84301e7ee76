import Diagnostics

/// Checks a page's raw HTML on a site that does not allow it (site.yml's
/// `allow_raw_html`): cmark-gfm leaves it out of the page, so readers
/// would not see it (`raw-html`). One finding a line; an HTML comment
/// (`<!-- a note -->`), left out on purpose, is not reported.
public struct RawHTMLChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        guard !context.site.settings.allowRawHTML else { return [] }
        var diagnostics: [Diagnostic] = []
        var lines = Set<Int>()
        for piece in pattern.outline.rawHTML where !piece.html.hasBytePrefix("<!--") {
            guard lines.insert(piece.location.line).inserted else { continue }
            let tag = piece.html.prefix { $0 != ">" && $0 != "\n" }.prefix(40) + ">"
            let what = piece.isBlock ? "this HTML block (\(tag)…) is left out of the page, with the text in it" : "the HTML tag \(tag) is left out of the page"
            diagnostics.append(Diagnostic(.rawHTML, "\(what): the site does not allow raw HTML (site.yml's allow_raw_html), so readers would not see it; write it in Markdown", at: piece.location))
        }
        return diagnostics
    }
}
