import Testing
@testable import DuoSite

/// A rebuild finds the sources cited nowhere from the hashes of every
/// page's cited ids, read where they lie in the cache, and checks a hash
/// it meets by name: two ids sharing a hash never pass for each other.
@Suite struct SourcesCitedTests {
    /// Three pages' cited ids.
    static let pages: [[String]] = [["hig", "talk"], ["docs"], ["hig", "video"]]

    /// What `FindingsAcrossPages` builds from the pages' facts: each cited
    /// id's hash, and the first page citing it.
    static func citing(_ hash: (String) -> UInt64) -> [UInt64: Int] {
        var citing: [UInt64: Int] = [:]
        for (page, ids) in pages.enumerated() {
            for id in ids where citing[hash(id)] == nil { citing[hash(id)] = page }
        }
        return citing
    }

    static func isCited(_ id: String, hash: (String) -> UInt64) -> Bool {
        FindingsAcrossPages.isCited(id, hash: hash, citing: citing(hash), idsCitedBy: { pages[$0] }) {
            Set(pages.flatMap { $0 })
        }
    }

    @Test(arguments: [("hig", true), ("talk", true), ("docs", true), ("video", true), ("unused", false), ("Hig", false)])
    func aSourceIsCitedWhenSomePageCitesItsId(id: String, cited: Bool) {
        #expect(Self.isCited(id, hash: PageSummary.fieldHash) == cited)
    }

    /// Every id with one hash: the page first citing that hash is asked by
    /// name, then every page.
    @Test(arguments: [("hig", true), ("talk", true), ("docs", true), ("video", true), ("unused", false)])
    func idsSharingAHashAreToldApartByName(id: String, cited: Bool) {
        #expect(Self.isCited(id, hash: { _ in 42 }) == cited)
    }
}
