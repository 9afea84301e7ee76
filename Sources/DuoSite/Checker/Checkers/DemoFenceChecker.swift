import Diagnostics

/// Checks a page's code blocks for demos marked another way (`Demo`,
/// `dmeo`, `{.demo}`), whose text readers would see as code, with no demo
/// drawn (`misnamed-demo`).
public struct DemoFenceChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        pattern.outline.codeBlocks.compactMap { block in
            guard let word = Self.misspeltDemo(block.word) else { return nil }
            return Diagnostic(.misnamedDemo, "this code block is marked '\(word)', so readers see its text as code and no demo is drawn; a demo block is marked 'demo', as in ```demo", at: block.location)
        }
    }

    /// The first word of a code block's info string when it is `demo` with
    /// another case, letters out of order, or punctuation (`Demo`, `dmeo`,
    /// `{.demo}`).
    static func misspeltDemo(_ info: String) -> String? {
        guard let word = info.split(separator: " ").first, word != "demo" else { return nil }
        let letters = String(word.lowercased().filter(\.isLetter))
        guard letters == "demos" || (letters.count == 4 && letters.sorted() == Array("demo").sorted()) else { return nil }
        return String(word)
    }
}
