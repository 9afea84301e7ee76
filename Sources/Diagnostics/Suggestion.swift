/// The closest name to a misspelt one, for "did you mean" suggestions.
public enum Suggestion {
    /// The candidate nearest `word` (the first of the nearest), when it is
    /// within a few edits: two, or a third of the word's length. A broken
    /// link's suggestion is looked for among ten thousand page names, so
    /// the word is lowered once and a candidate whose length alone puts it
    /// too far is not compared.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        // Plain ASCII (as page names are) is compared byte by byte.
        let targetBytes = asciiLowered(word)
        let limit = max(2, word.count / 3)
        var best: (candidate: String, distance: Int)?
        var rows = Rows()
        for candidate in candidates {
            let distance: Int
            if let targetBytes, let bytes = asciiLowered(candidate) {
                // Each letter more or fewer is an edit.
                guard abs(bytes.count - targetBytes.count) <= limit else { continue }
                distance = Self.distance(targetBytes, bytes, rows: &rows)
            } else {
                let lowered = Array(candidate.lowercased())
                guard abs(lowered.count - target.count) <= limit else { continue }
                distance = Self.distance(target, lowered, rows: &rows)
            }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best, best.distance <= limit else { return nil }
        return best.candidate
    }

    /// The bytes of `text` lowered, when it is ASCII with no carriage
    /// return (so that each byte is one character); nil otherwise.
    private static func asciiLowered(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80, byte != 0x0D else { return nil }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        return bytes
    }

    /// Three rows of the distance table, kept from one comparison to the next.
    private struct Rows {
        var beforePrevious: [Int] = []
        var previous: [Int] = []
        var current: [Int] = []
    }

    /// Edits between two words: a letter added, removed, changed, or two
    /// neighbours swapped (`titel` is one edit from `title`), the commonest
    /// slips of typing.
    private static func distance<Letter: Equatable>(_ a: [Letter], _ b: [Letter], rows: inout Rows) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if a.count > 64 || b.count > 64 { return max(a.count, b.count) }
        rows.beforePrevious = Array(repeating: 0, count: b.count + 1)
        rows.previous = Array(0...b.count)
        rows.current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            rows.current[0] = i
            for j in 1...b.count {
                var value = min(rows.previous[j] + 1, rows.current[j - 1] + 1, rows.previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows.beforePrevious[j - 2] + 1)
                }
                rows.current[j] = value
            }
            swap(&rows.beforePrevious, &rows.previous)
            swap(&rows.previous, &rows.current)
        }
        return rows.previous[b.count]
    }
}
