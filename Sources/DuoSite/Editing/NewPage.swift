import Bytes
import Diagnostics
import Files
import Foundation
import Mustache
import YAML

/// A new pattern page, as `duosite new` makes it: the site's skeleton
/// (`Content/archetype.md`, else `PageSkeleton`) rendered for a title, and
/// read back as `duosite check` reads a page, so that what is written is a
/// draft with no error in it.
struct NewPage {
    /// The page's title.
    var title: String
    /// Its slug: the file is `Content/patterns/<slug>.md`.
    var slug: String
    /// `apple` or `recommendation`.
    var status: Pattern.Status
    /// Its first `last_checked`.
    var today: Day
    /// The site's default owner, if it has one.
    var owner: String?

    /// Where an archetype is looked for, under the site root.
    static let archetypePath = "Content/archetype.md"

    /// The page file's path under the site root.
    var path: String { "\(Site.Paths.patterns)/\(slug).md" }

    /// What a skeleton is given: the title, slug, status, today and owner,
    /// and the title and owner written as YAML strings in double quotes,
    /// for the front matter.
    var context: Value {
        var members: Members = [
            "title": .string(title), "slug": .string(slug), "status": .string(status.rawValue),
            "today": .string(today.description), "title_yaml": .string(Self.yamlQuoted(title)),
        ]
        if let owner {
            members["owner"] = .string(owner)
            members["owner_yaml"] = .string(Self.yamlQuoted(owner))
        }
        return .object(members)
    }

    /// The page's text from `skeleton` (an archetype's text, whose findings
    /// name `skeletonPath`), or nil and the errors that keep it from being
    /// written.
    func text(skeleton: String = PageSkeleton.template, skeletonPath: String = "the built-in page skeleton", allowRawHTML: Bool) -> (text: String?, errors: [Diagnostic]) {
        let text: String
        do {
            text = try Template(skeleton, name: skeletonPath).render(context)
        } catch {
            return (nil, [Diagnostic(.template, error.message, at: SourceLocation(file: skeletonPath, line: error.line, column: error.column))])
        }
        let page = SourceFile(path: path, bytes: Array(text.utf8))
        let (read, found) = PageReader(allowRawHTML: allowRawHTML).read(page)
        var settings = SiteSettings.fallback
        settings.allowRawHTML = allowRawHTML
        let judged = read.map { Checkers.pageAlone($0.pattern, root: URL(fileURLWithPath: "/"), settings: settings) } ?? []
        var errors = (found + judged).filter { $0.severity == .error }
        if let pattern = read?.pattern, !pattern.frontMatter.draft {
            errors.append(Diagnostic(.invalidField, "\(skeletonPath) should make a draft ('draft: true'), so that the build leaves the page out until it is written", at: pattern.frontMatter.location))
        }
        return errors.isEmpty ? (text, []) : (nil, errors)
    }

    /// `text` as a YAML scalar in double quotes: what YAML would read as
    /// `text`, whatever characters it holds.
    static func yamlQuoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let byte = UInt8(scalar.value)
                    quoted += "\\x" + String(decoding: [HexDigits.uppercase(byte >> 4), HexDigits.uppercase(byte & 0x0F)], as: UTF8.self)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// The page of the site whose title is `title` (compared as the
    /// `duplicate-title` check compares them), if one has it: its path and
    /// where its title is. Pages whose front matter cannot be read are
    /// passed over; `duosite check` reports them.
    static func page(titled title: String, among paths: [String], root: URL) -> SourceLocation? {
        let key = DuplicateTitleChecker.key(title)
        for path in paths {
            guard case .success(let file) = SourceFile.read(path, root: root),
                  case .success(let found) = FrontMatterReading.read(file),
                  let existing = found.node["title"], let text = existing.string,
                  DuplicateTitleChecker.key(text) == key else { continue }
            return SourceLocation(file: path, line: existing.mark.line, column: existing.mark.column)
        }
        return nil
    }
}
