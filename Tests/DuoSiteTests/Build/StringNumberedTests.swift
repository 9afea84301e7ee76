@testable import DuoSite
import Testing

@Suite("A prefix and a number, written in one step")
struct StringNumberedTests {
    /// A prefix and a number give what interpolating them gives, in a small
    /// string or not, whatever the number's sign and size.
    @Test(arguments: [0, 3, 9, 10, 12, 99, 100, 12_345, -1, -40, Int.max, Int.min])
    func numberedAsInterpolated(number: Int) {
        #expect(String.numbered("rule-", number) == "rule-\(number)")
        #expect(String.numbered("source-", number) == "source-\(number)")
        #expect(String.numbered("", number) == "\(number)")
    }
}
