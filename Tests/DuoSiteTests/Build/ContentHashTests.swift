import Files
import Foundation
import Testing
@testable import DuoSite

/// The hash the cache tells a page's text and output by: every byte of
/// every length counts, wherever it lies (in the words hashed eight bytes
/// at a time, or in the bytes after them).
@Suite struct ContentHashTests {
    /// Bytes of `count`, each different from its neighbours.
    private func text(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
    }

    @Test(arguments: [0, 1, 7, 8, 31, 32, 63, 64, 65, 95, 96, 97, 127, 128, 129, 200, 2_049])
    func everyBitOfEveryByteChangesTheHash(count: Int) {
        let original = text(count)
        var seen: Set<UInt64> = [ContentHash.of(original)]
        for index in 0..<count {
            for bit in 0..<8 {
                var changed = original
                changed[index] ^= 1 << bit
                seen.insert(ContentHash.of(changed))
            }
        }
        #expect(seen.count == 1 + count * 8)
    }

    @Test func swappedWordsChangeTheHash() {
        let original = text(200)
        var seen: Set<UInt64> = [ContentHash.of(original)]
        // Each pair of the first 24 words swapped.
        var swaps = 0
        for first in 0..<24 {
            for second in (first + 1)..<24 {
                var swapped = original
                for byte in 0..<8 { swapped.swapAt(first * 8 + byte, second * 8 + byte) }
                guard swapped != original else { continue }
                seen.insert(ContentHash.of(swapped))
                swaps += 1
            }
        }
        #expect(swaps > 200)
        #expect(seen.count == 1 + swaps)
    }

    @Test func everyLengthOfTheSameBytesHashesApart() {
        let long = text(4_096)
        let hashes = (0...long.count).map { ContentHash.of(Array(long[..<$0])) }
        #expect(Set(hashes).count == hashes.count)
        // Zeros too: a length is not the same text with zeros after it.
        let zeros = (0...300).map { ContentHash.of([UInt8](repeating: 0, count: $0)) }
        #expect(Set(zeros).count == zeros.count)
    }

    @Test func theHashIsTheSameEachTime() {
        let bytes = text(1_000)
        #expect(ContentHash.of(bytes) == ContentHash.of(bytes))
        #expect(ContentHash.of(String(decoding: bytes.map { $0 & 0x7F | 0x20 }, as: UTF8.self)) == ContentHash.of(bytes.map { $0 & 0x7F | 0x20 }))
    }
}
