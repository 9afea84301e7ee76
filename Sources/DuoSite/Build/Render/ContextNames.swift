import Diagnostics
import Mustache

/// Every name duosite's template contexts hold (`docs/theme.md` says what
/// each is), at any depth: a theme's tags are checked against it when the
/// build loads the theme. Mustache renders a name no context holds as
/// nothing, so a misspelt tag (`{{page.titel}}`, `{{#rule}}`) would leave
/// readers without what it was meant to show, silently. The names are
/// checked one part at a time (`page.title` is `page`, then `title`), so a
/// name used where its context does not hold it is not found; a misspelling
/// is. The list is `ContextKeys`', the keys the contexts are written with;
/// a test keeps it in step with the contexts a build renders.
enum ContextNames {
    static let all: Set<String> = Set(ContextKeys.names)

    /// The names whose values are HTML that duosite made safe (Markdown
    /// rendered by cmark-gfm, the symbols of a page's sprite, JSON-LD
    /// escaped for a script element): the only ones a tag may insert
    /// unescaped.
    static let html: Set<String> = ["html", "titleHTML", "questionHTML", "jsonLD", "svg"]

    /// The findings about the names the theme's templates look up: one
    /// error per tag naming something no context holds, at the tag, with
    /// the nearest name when one is near.
    static func findings(in library: TemplateLibrary) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let known = all.sorted()
        for name in library.templates.keys.sorted() {
            guard let template = library[name] else { continue }
            for use in template.nameUses {
                // No list of duosite's holds HTML: `{{{.}}}` inserts text.
                if use.isRaw, use.parts.last.map({ all.contains($0) && !html.contains($0) }) ?? true {
                    let written = use.parts.isEmpty ? "." : use.parts.joined(separator: ".")
                    diagnostics.append(Diagnostic(.template, "the tag inserts '\(written)' without escaping it, but it holds text, not HTML: a '<' or '&' in it would become markup; write {{\(written)}}, which escapes it (only \(html.sorted().joined(separator: ", ")) hold HTML made safe)", at: SourceLocation(file: "\(Site.Paths.templates)/\(name).mustache", line: use.line, column: use.column)))
                    continue
                }
                guard let unknown = use.parts.first(where: { !all.contains($0) }) else { continue }
                let written = use.parts.joined(separator: ".")
                var message = use.parts.count == 1
                    ? "the tag names '\(written)', which no context duosite renders holds, so it would always render as nothing"
                    : "the tag names '\(written)', whose '\(unknown)' no context duosite renders holds, so it would always render as nothing"
                if let suggestion = Suggestion.nearest(to: unknown, in: known) {
                    message += "; did you mean '\(suggestion)'?"
                } else {
                    message += "; docs/theme.md lists the names templates get"
                }
                diagnostics.append(Diagnostic(.template, message, at: SourceLocation(file: "\(Site.Paths.templates)/\(name).mustache", line: use.line, column: use.column)))
            }
        }
        return diagnostics
    }
}
