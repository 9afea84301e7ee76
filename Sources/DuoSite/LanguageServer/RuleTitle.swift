/// A rule named by its first words, as an editor's outline and symbol
/// search show it: `Rule 3: Give every tab a symbol…`.
enum RuleTitle {
    /// How many words name a rule.
    static let wordCount = 8

    /// The first words of a rule's list item line (`3. Give every tab a
    /// symbol, …`), after its number; empty when the line is not one.
    static func words(of line: String) -> String {
        var text = Substring(line.drop { $0 == " " })
        text = text.drop { $0.isNumber }
        guard text.first == "." || text.first == ")" else { return "" }
        let words = text.dropFirst().split(separator: " ")
        guard !words.isEmpty else { return "" }
        return words.prefix(wordCount).joined(separator: " ") + (words.count > wordCount ? "…" : "")
    }

    /// `: words`, or nothing when there are none.
    static func suffix(_ words: String) -> String {
        words.isEmpty ? "" : ": " + words
    }
}
