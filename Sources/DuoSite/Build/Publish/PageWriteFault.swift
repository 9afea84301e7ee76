import Synchronization

/// For tests: page writes made to fail from the `after`th on, with the
/// error number `code`, as a disk that fills half-way through the pages
/// would — a failure a real disk cannot be made to give at a chosen page.
/// Only a build's options carry one; nothing else makes it.
final class PageWriteFault: Sendable {
    /// How many page writes go through before the first that fails.
    let after: Int
    /// The error number the failing writes give (`ENOSPC`, `EIO`).
    let code: Int32
    /// The page writes asked for so far.
    private let asked = Atomic<Int>(0)

    /// Writes after the first `after` fail with `code`.
    init(after: Int, code: Int32) {
        self.after = after
        self.code = code
    }

    /// How many page writes were asked for: one a page, until the writing stops.
    var attempts: Int {
        asked.load(ordering: .relaxed)
    }

    /// The error number the next page write fails with, or nil when it goes through.
    func failure() -> Int32? {
        asked.add(1, ordering: .relaxed).oldValue >= after ? code : nil
    }
}
