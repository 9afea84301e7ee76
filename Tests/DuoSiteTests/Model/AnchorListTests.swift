@testable import DuoSite
import Testing

@Suite("A page's anchors: each once, found by halves")
struct AnchorListTests {
    static let anchors = ["rule-10", "rule-2", "faq", "sources", "where-does-the-badge-go", "café", "rule-1", "z", "a"]

    @Test func everyAnchorIsFoundAndNoOther() {
        let list = AnchorList(Self.anchors + ["faq", "rule-2"])
        #expect(list.count == Self.anchors.count, "a repeated anchor is kept once")
        for anchor in Self.anchors {
            #expect(list.contains(anchor), "\(anchor)")
        }
        for missing in ["", "rule-3", "rule", "rule-100", "cafe", "fa", "faqs", "zz"] {
            #expect(!list.contains(missing), "\(missing)")
        }
    }

    @Test func anchorsAddedOneByOneEndInByteOrder() {
        var list = AnchorList()
        for anchor in Self.anchors {
            let added = list.insert(anchor)
            #expect(added)
        }
        let addedAgain = list.insert("rule-2")
        #expect(!addedAgain, "an anchor the list has is not added again")
        #expect(list.sorted == Self.anchors.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(list == AnchorList(Self.anchors.reversed()))
    }

    /// Anchors are told apart and ordered by their bytes, not as Swift
    /// compares strings: `é` written as one character or as `e` and an
    /// accent are two anchors, and a byte above ASCII sorts after `z`.
    @Test func anchorsAreComparedByTheirBytes() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let list = AnchorList([composed, decomposed, "cafz"])
        #expect(list.sorted.map { Array($0.utf8) } == [decomposed, "cafz", composed].map { Array($0.utf8) })
        #expect(list.contains(composed) && list.contains(decomposed))
    }

    @Test func aListReadBackAsWrittenIsTheList() {
        let list = AnchorList(Self.anchors)
        #expect(AnchorList(writtenSorted: list.sorted) == list)
        #expect(AnchorList(writtenSorted: []) == AnchorList())
    }
}
