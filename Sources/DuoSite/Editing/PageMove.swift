import Diagnostics
import Foundation
import YAML

/// A page renamed (`duosite mv`), as the files it changes: the page's
/// file under its new name, with its old address added to its `aliases:`
/// (`AliasEdit`), so that the address it was published at still leads to
/// it; and every link to it in the pages (`old-name.md`,
/// `old-name.md#rule-3`, `/patterns/old-name/`) and every pattern-rule
/// reference to it in `placement.yml` (`old-name#rule-3`) written with its
/// new name. Each is changed where it stands, every other byte kept
/// (comments, quoting, line endings). Made whole, in memory, before
/// anything is written: what cannot be changed so is a refusal.
struct PageMove {
    /// One change within a file, as it is reported: its line, the text
    /// that was there and the text put in its place.
    struct Change: Sendable, Equatable {
        var line: Int
        var before: String
        var after: String
    }

    /// One stretch of a file's bytes as read, and the bytes put in its place.
    struct Replacement: Sendable, Equatable {
        var range: Range<Int>
        var bytes: [UInt8]
    }

    /// A file changed: its path under the root, its new bytes, its bytes
    /// as read (for putting it back), the changes as reported, and the
    /// same changes as stretches of the bytes read (in order, apart), so
    /// that an editor can apply them to the text it holds (the language
    /// server's rename).
    struct FileEdit: Sendable {
        var path: String
        var bytes: [UInt8]
        var original: [UInt8]
        var changes: [Change]
        var replacements: [Replacement] = []
    }

    /// Why a page cannot be moved.
    struct Refusal: Error {
        /// In one or more lines, as findings are printed.
        let reason: String
    }

    /// The page's file now, and its new one (`Content/patterns/<slug>.md`).
    let from: String
    let to: String
    /// The page's old slug and new one.
    let oldSlug: String
    let newSlug: String
    /// The page's new bytes (written at `to`; `from` is removed).
    let page: FileEdit
    /// The other files changed, in path order (pages, then `placement.yml`).
    let others: [FileEdit]

    /// Plans moving the page file `from` (a path under `root`) to the slug
    /// `newSlug`: refused when the slug is not one, the page is there
    /// already, or its new address is another page's alias or let go by
    /// `site.yml`, or a file cannot be read or changed where it stands.
    /// Each page and `placement.yml` is read from `open` where it gives
    /// bytes (an editor's unsaved text, by path under the root), else from
    /// disk. `searching` names the pages that may link to the page or
    /// claim its new address, when the caller knows them from pages it has
    /// read already (the language server); nil: every page is read.
    static func make(root: URL, from: String, to newSlug: String, open: (String) -> [UInt8]? = { _ in nil },
                     searching: Set<String>? = nil) -> Result<PageMove, Refusal> {
        func read(_ file: String) -> [UInt8]? {
            open(file) ?? FileManager.default.contents(atPath: root.appendingPathComponent(file).path).map { [UInt8]($0) }
        }
        let oldSlug = SiteLoader.slug(ofFile: from)
        guard Pattern.isValidSlug(newSlug) else {
            var reason = "error: '\(newSlug)' is not a page's slug: lowercase letters, digits and '-', not starting with '-' (the page's file is Content/patterns/<slug>.md)"
            if let meant = Slug.address(newSlug), meant != newSlug { reason += "; did you mean '\(meant)'?" }
            return .failure(Refusal(reason: reason))
        }
        guard newSlug != oldSlug else {
            return .failure(Refusal(reason: "error: the page is \(from) already"))
        }
        let to = "\(Site.Paths.patterns)/\(newSlug).md"
        guard !FileManager.default.fileExists(atPath: root.appendingPathComponent(to).path) else {
            return .failure(Refusal(reason: "error: \(to) exists already; choose another slug, or remove that page first"))
        }
        let oldAddress = Alias.pageAddress(oldSlug), newAddress = Alias.pageAddress(newSlug)
        let (settings, _) = SiteSettings.forEditing(root: root)
        if let gone = settings?.gone.first(where: { $0.value == newAddress }) {
            return .failure(Refusal(reason: "\(gone.location): error: site.yml's 'gone' lets \(newAddress) go; remove it from 'gone' first, or choose another slug"))
        }
        let reader = PageReader(allowRawHTML: true)
        var refusals: [String] = []
        var pageEdit: FileEdit?
        var others: [FileEdit] = []
        for file in SiteLoader.pageFiles(root: root) where file == from || searching?.contains(file) != false {
            guard let raw = read(file) else {
                refusals.append("\(SourceLocation(file: file)): error: the file cannot be read")
                continue
            }
            let moving = file == from
            guard let pattern = reader.read(file: file, bytes: raw).0?.pattern else {
                // A page that cannot be read cannot be searched for links; the page itself must be read.
                if moving { refusals.append("\(SourceLocation(file: file)): error: the page cannot be read; `duosite check` says why") }
                continue
            }
            if !moving, let alias = pattern.frontMatter.aliases.first(where: { $0.value == newAddress }) {
                refusals.append("\(alias.location): error: \(newAddress) is an alias of \(file); an address leads to one page: remove it there first, or choose another slug")
                continue
            }
            let references = pattern.crossReferences.filter { $0.slug == oldSlug && !$0.destination.hasBytePrefix("#") }
            var edit = FileEdit(path: file, bytes: raw, original: raw, changes: [])
            switch rewriteLinks(references, in: raw, file: file, from: oldSlug, to: newSlug) {
            case .failure(let refusal): refusals.append(refusal.reason)
            case .success(let (bytes, changes, replacements)):
                edit.bytes = bytes
                edit.changes = changes
                edit.replacements = replacements
            }
            if moving {
                switch AliasEdit.make(edit.bytes, path: file, adding: oldAddress, replacing: newAddress) {
                case .failure(let diagnostic): refusals.append(diagnostic.formatted)
                case .success(let aliased):
                    let aliases = pattern.frontMatter.aliases.map(\.value)
                    edit.changes.insert(Change(line: aliased.line, before: "aliases: [\(aliases.joined(separator: ", "))]",
                                               after: "aliases: [\((aliases.filter { $0 != newAddress && $0 != oldAddress } + [oldAddress]).joined(separator: ", "))]"), at: 0)
                    edit.replacements = Self.adding(between: edit.bytes, aliased.bytes, to: edit.replacements, original: raw)
                    edit.bytes = aliased.bytes
                }
                pageEdit = edit
            } else if !edit.changes.isEmpty {
                others.append(edit)
            }
        }
        switch placementEdit(root: root, from: oldSlug, to: newSlug, read: read) {
        case .failure(let refusal): refusals.append(refusal.reason)
        case .success(let edit): if let edit { others.append(edit) }
        }
        guard refusals.isEmpty, let pageEdit else {
            return .failure(Refusal(reason: refusals.isEmpty ? "error: no page \(from)" : refusals.joined(separator: "\n")))
        }
        return .success(PageMove(from: from, to: to, oldSlug: oldSlug, newSlug: newSlug, page: pageEdit, others: others))
    }

    /// `raw` with each of `references` (links to the page `old`, written
    /// in the file `file`) naming `new` instead, and the changes; or why a
    /// link cannot be found where the page's reading put it.
    static func rewriteLinks(_ references: [CrossReference], in raw: [UInt8], file: String, from old: String, to new: String) -> Result<([UInt8], [Change], [Replacement]), Refusal> {
        let text = RawLines(raw)
        var replacements: [Int: (range: Range<Int>, change: Change)] = [:]
        for reference in references {
            let destination = Array(reference.destination.utf8)
            guard let name = slugRange(in: destination, slug: old),
                  let start = text.offset(line: reference.location.line, column: reference.location.column),
                  let found = destinationOffset(destination, in: raw, after: start) else {
                return .failure(Refusal(reason: "\(reference.location): error: the link to '\(reference.destination)' cannot be rewritten where it stands; change it by hand, then run duosite mv again"))
            }
            let range = (found + name.lowerBound)..<(found + name.upperBound)
            var after = destination
            after.replaceSubrange(name, with: Array(new.utf8))
            replacements[range.lowerBound] = (range, Change(line: text.line(at: found), before: reference.destination, after: String(decoding: after, as: UTF8.self)))
        }
        var bytes = raw
        for (_, replacement) in replacements.sorted(by: { $0.key > $1.key }) {
            bytes.replaceSubrange(replacement.range, with: Array(new.utf8))
        }
        let ordered = replacements.sorted { $0.key < $1.key }
        return .success((bytes, ordered.map(\.value.change), ordered.map { Replacement(range: $0.value.range, bytes: Array(new.utf8)) }))
    }

    /// `replacements` (of `original`, giving `before`) with the one stretch
    /// that differs between `before` and `after` added; when it is not
    /// ahead of them all (as the front matter is ahead of the links), the
    /// whole difference between `original` and `after` as one.
    static func adding(between before: [UInt8], _ after: [UInt8], to replacements: [Replacement], original: [UInt8]) -> [Replacement] {
        func difference(_ old: [UInt8], _ new: [UInt8]) -> Replacement? {
            guard old != new else { return nil }
            var prefix = 0
            while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
            // Not inside a character: back to the start of the one that differs.
            while prefix > 0, prefix < old.count, old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
            var suffix = 0
            while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            while suffix > 0, old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
            return Replacement(range: prefix..<(old.count - suffix), bytes: Array(new[prefix..<(new.count - suffix)]))
        }
        guard let added = difference(before, after) else { return replacements }
        if replacements.first.map({ added.range.upperBound < $0.range.lowerBound }) ?? true {
            return [added] + replacements
        }
        return difference(original, after).map { [$0] } ?? []
    }

    /// Where the page's slug stands in a link's destination: the file's
    /// name without `.md` (`../patterns/old.md#rule-1`), or the part after
    /// `/patterns/` (`/patterns/old/#rule-1`); nil when it is written
    /// another way (escaped).
    static func slugRange(in destination: [UInt8], slug: String) -> Range<Int>? {
        let slug = Array(slug.utf8)
        let pathEnd = destination.firstIndex(of: UInt8(ascii: "#")) ?? destination.count
        let published = Array("/patterns/".utf8)
        if destination.starts(with: published) {
            let start = published.count, end = start + slug.count
            guard end <= pathEnd, Array(destination[start..<end]) == slug, end == pathEnd || destination[end] == UInt8(ascii: "/") else { return nil }
            return start..<end
        }
        var nameStart = pathEnd
        while nameStart > 0, destination[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
        guard pathEnd - nameStart == slug.count + 3, Array(destination[nameStart..<(nameStart + slug.count)]) == slug else { return nil }
        return nameStart..<(nameStart + slug.count)
    }

    /// The offset of a link's destination as written in `raw`: after the
    /// link's start, just after its `(` (or `(<`); else in a reference
    /// definition (`[name]: destination`) anywhere in the file.
    static func destinationOffset(_ destination: [UInt8], in raw: [UInt8], after start: Int) -> Int? {
        func occurrences(from: Int) -> [Int] {
            guard !destination.isEmpty, from < raw.count else { return [] }
            var found: [Int] = [], index = from
            while index + destination.count <= raw.count {
                if raw[index] == destination[0], Array(raw[index..<(index + destination.count)]) == destination { found.append(index) }
                index += 1
            }
            return found
        }
        func before(_ index: Int) -> (UInt8?, Int) {
            var at = index - 1
            if at >= 0, raw[at] == UInt8(ascii: "<") { at -= 1 }
            while at >= 0, raw[at] == 0x20 || raw[at] == 0x09 || raw[at] == 0x0A || raw[at] == 0x0D { at -= 1 }
            return (at >= 0 ? raw[at] : nil, at)
        }
        if let inline = occurrences(from: start).first(where: { index in
            let (byte, at) = before(index)
            return byte == UInt8(ascii: "(") && at > 0 && raw[at - 1] == UInt8(ascii: "]")
        }) {
            return inline
        }
        return occurrences(from: 0).first { index in
            let (byte, at) = before(index)
            return byte == UInt8(ascii: ":") && at > 0 && raw[at - 1] == UInt8(ascii: "]")
        }
    }

    /// `placement.yml` with its references to the rules of the page `old`
    /// naming `new`; nil when it has none (or the site has no table).
    static func placementEdit(root: URL, from old: String, to new: String, read: (String) -> [UInt8]?) -> Result<FileEdit?, Refusal> {
        let path = Site.Paths.placement
        guard let raw = read(path) else { return .success(nil) }
        var diagnostics: [Diagnostic] = []
        guard let node = YAMLDocument.read(path, bytes: raw, diagnostics: &diagnostics) else {
            return .failure(Refusal(reason: diagnostics.map(\.formatted).joined(separator: "\n")))
        }
        let references = PlacementTable.read(node, file: path).0.citedRules.filter { $0.slug == old }
        guard !references.isEmpty else { return .success(nil) }
        let text = RawLines(raw), slug = Array(old.utf8)
        var starts: [Int: Change] = [:]
        for reference in references {
            guard var start = text.offset(line: reference.location.line, column: reference.location.column) else {
                return .failure(Refusal(reason: "\(reference.location): error: the reference '\(reference)' cannot be found where it stands"))
            }
            if start < raw.count, raw[start] == UInt8(ascii: "'") || raw[start] == UInt8(ascii: "\"") { start += 1 }
            guard start + slug.count < raw.count, Array(raw[start..<(start + slug.count)]) == slug, raw[start + slug.count] == UInt8(ascii: "#") else {
                return .failure(Refusal(reason: "\(reference.location): error: the reference '\(reference)' is written in a way duosite mv cannot change where it stands; change it by hand"))
            }
            starts[start] = Change(line: reference.location.line, before: "\(old)#rule-\(reference.number)", after: "\(new)#rule-\(reference.number)")
        }
        var bytes = raw
        for start in starts.keys.sorted(by: >) { bytes.replaceSubrange(start..<(start + slug.count), with: Array(new.utf8)) }
        return .success(FileEdit(path: path, bytes: bytes, original: raw, changes: starts.sorted { $0.key < $1.key }.map(\.value),
                                 replacements: starts.keys.sorted().map { Replacement(range: $0..<($0 + slug.count), bytes: Array(new.utf8)) }))
    }
}
