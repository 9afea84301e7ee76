/// A rule named by its first words, as an editor's outline and symbol
/// search show it: `Rule 3: Give every tab a symbol…`.
enum RuleTitle {
    /// How many words name a rule.
    static let wordCount = 8

    /// The first words of a rule's list item line (`3. Give every tab a
    /// symbol, …`), after its number; empty when the line is not one.
    /// Read as bytes: ten thousand pages' rules are named as they are read.
    static func words(of line: String) -> String {
        var line = line
        return line.withUTF8 { bytes in
            var index = 0
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")") else { return "" }
            index += 1
            var words = 0, start = -1, end = index
            // Up to the start of the word after the last one taken.
            while index < bytes.count {
                if bytes[index] != UInt8(ascii: " ") {
                    if bytes[index - 1] == UInt8(ascii: " ") || start < 0 {
                        words += 1
                        if words > wordCount { break }
                    }
                    if start < 0 { start = index }
                    end = index + 1
                }
                index += 1
            }
            guard start >= 0 else { return "" }
            // The words with one space between each.
            var kept: [UInt8] = []
            kept.reserveCapacity(end - start + 3)
            for at in start..<end where bytes[at] != UInt8(ascii: " ") || bytes[at - 1] != UInt8(ascii: " ") {
                kept.append(bytes[at])
            }
            if words > wordCount { kept += "…".utf8 }
            return String(decoding: kept, as: UTF8.self)
        }
    }

    /// `: words`, or nothing when there are none.
    static func suffix(_ words: String) -> String {
        words.isEmpty ? "" : ": " + words
    }
}
