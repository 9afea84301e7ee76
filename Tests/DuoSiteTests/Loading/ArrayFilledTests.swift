@testable import DuoSite
import Testing

@Suite("Arrays filled with one value")
struct ArrayFilledTests {
    /// What `Array(repeating:count:)` gives, for the counts a page's arrays have.
    @Test(arguments: [0, 1, 7, 16, 4_096])
    func fillsAsRepeatingDoes(count: Int) {
        #expect([UInt8].filled(with: 0, count: count) == [UInt8](repeating: 0, count: count))
        #expect([Int].filled(with: -1, count: count) == [Int](repeating: -1, count: count))
        #expect([Bool].filled(with: true, count: count) == [Bool](repeating: true, count: count))
    }
}
