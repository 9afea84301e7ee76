import Foundation
import Testing
@testable import DuoSite

/// `PlaceholderChecker`: the skeleton's sentences found where they are
/// written, outside HTML comments.
struct PlaceholderCheckerTests {
    @Test(arguments: [
        ("Describe the problem here.", [0]),
        ("<!-- Describe the problem here. -->", []),
        ("<!-- a -->\nDescribe the problem here.", [11]),
        ("<!-- never closed\nDescribe the problem here.", []),
        ("Write the first rule here. Describe the problem here.", [0, 27]),
        ("Describe the problem", []),
        ("", []),
    ])
    func sentencesOutsideComments(text: String, offsets: [Int]) {
        let found = PlaceholderChecker.offsets(of: PageSkeleton.sentences, in: Array(text.utf8))
        #expect(found.map(\.offset) == offsets)
    }
}
