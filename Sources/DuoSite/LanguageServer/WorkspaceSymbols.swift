/// `workspace/symbol`: the site's pages (by title), rules (`Symbols, not
/// labels — rule 3: Give every tab a symbol…`) and FAQ questions, whose
/// names hold the query's characters in order, case aside (a subsequence,
/// as marksman matches): `snl3` finds rule 3 of "Symbols, not labels".
/// Read from every page's facts, no file opened; pages first, then rules,
/// then questions, at most `limit`.
enum WorkspaceSymbols {
    /// The most symbols sent for one query.
    static let limit = 200

    /// The symbols matching `params.query` in `site`.
    static func answer(_ params: JSONValue, site: LanguageSite) -> JSONValue {
        let query = Matcher(params["query"]?.string ?? "")
        let address = DocumentAddress(root: site.root)
        var pages: [JSONValue] = [], rules: [JSONValue] = [], questions: [JSONValue] = []
        func symbol(_ name: String, _ kind: DocumentSymbols.Kind?, file: String, line: Int, container: String?) -> JSONValue {
            let start = Position(line: max(0, line - 1), character: 0)
            var value: [String: JSONValue] = [
                "name": .string(name), "kind": .int(kind?.rawValue ?? 1),
                "location": ["uri": .string(address.uri(of: file)), "range": TextRange(start: start, end: start).json],
            ]
            if let container { value["containerName"] = .string(container) }
            return .object(value)
        }
        for facts in site.pages {
            let page = facts.page
            let title = page.frontMatter.title.value
            let afterTitle = query.advance(0, title)
            if query.matched(afterTitle), pages.count < limit {
                pages.append(symbol(title, nil, file: page.file, line: 1, container: nil))
            }
            if rules.count < limit {
                let afterLabel = query.advance(afterTitle, " — rule ")
                let titles = facts.editor?.ruleTitles ?? []
                for (index, rule) in page.rules.enumerated() {
                    let words = index < titles.count ? titles[index] : ""
                    // Matched in parts: the name is made only for a symbol sent.
                    let number = String(rule.number)
                    let afterNumber = query.advance(afterLabel, number)
                    guard query.matched(words.isEmpty ? afterNumber : query.advance(query.advance(afterNumber, ": "), words)) else { continue }
                    rules.append(symbol(title + " — rule " + number + RuleTitle.suffix(words), .rule, file: page.file, line: rule.location.line, container: title))
                    if rules.count == limit { break }
                }
            }
            if questions.count < limit {
                for entry in page.faq where query.matched(query.advance(0, entry.question)) {
                    questions.append(symbol(entry.question, .question, file: page.file, line: entry.location.line, container: title))
                    if questions.count == limit { break }
                }
            }
        }
        return .array(Array((pages + rules + questions).prefix(limit)))
    }

    /// A query's characters, matched in order in a name, case aside
    /// (ASCII letters folded; other characters as they are).
    struct Matcher {
        private let wanted: [UInt8]

        /// A matcher of `query` (its spaces passed over).
        init(_ query: String) {
            wanted = query.utf8.filter { $0 != UInt8(ascii: " ") }.map(Self.folded)
        }

        /// How many of the query's bytes are matched once `text` is read
        /// after `matched` of them were.
        func advance(_ matched: Int, _ text: String) -> Int {
            guard matched < wanted.count else { return matched }
            // Over the text's bytes where they lie: a query reads some ten megabytes of names.
            if let found = text.utf8.withContiguousStorageIfAvailable({ advance(matched, $0) }) { return found }
            return advance(matched, Array(text.utf8))
        }

        private func advance(_ matched: Int, _ bytes: some Collection<UInt8>) -> Int {
            var index = matched
            var next = wanted[index]
            for byte in bytes where Self.folded(byte) == next {
                index += 1
                guard index < wanted.count else { return index }
                next = wanted[index]
            }
            return index
        }

        /// Whether `count` bytes matched is the whole query.
        func matched(_ count: Int) -> Bool {
            count == wanted.count
        }

        private static func folded(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
    }
}
