/// The anchors a page offers other pages (`rule-2`, `faq`, a question's
/// slug), each once, kept in the order of their UTF-8 bytes.
///
/// A page has a score of them, and a rebuild reads ten thousand pages'
/// lists back from the cache: kept sorted, a list is read as it was
/// written and searched by halves, where a set would hash every anchor of
/// every page on the way in.
public struct AnchorList: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// The anchors, in byte order.
    public private(set) var sorted: [String]

    /// No anchors.
    public init() { sorted = [] }

    /// The anchors of `anchors`, in any order, a repeated one kept once.
    public init<S: Sequence>(_ anchors: S) where S.Element == String {
        var list = Array(anchors)
        list.sort(by: Self.precedes)
        var unique: [String] = []
        unique.reserveCapacity(list.count)
        for anchor in list where unique.last.map({ !Self.same($0, anchor) }) ?? true {
            unique.append(anchor)
        }
        sorted = unique
    }

    /// `["rule-1", "faq"]` builds a list.
    public init(arrayLiteral anchors: String...) {
        self.init(anchors)
    }

    /// A list read back as `sorted` wrote it (a sealed cache record, read
    /// only as it was written): in byte order, each once.
    init(writtenSorted anchors: [String]) {
        sorted = anchors
    }

    /// Adds `anchor` in its place; false when the list already has it.
    @discardableResult
    public mutating func insert(_ anchor: String) -> Bool {
        let (index, found) = place(of: anchor)
        if !found { sorted.insert(anchor, at: index) }
        return !found
    }

    /// How many anchors.
    public var count: Int { sorted.count }

    /// Whether the page offers `anchor`.
    public func contains(_ anchor: String) -> Bool {
        place(of: anchor).found
    }

    /// Where `anchor` is, or would go, found by halves.
    private func place(of anchor: String) -> (index: Int, found: Bool) {
        // Each anchor compared where it lies in the list, not copied out of it.
        let sorted = self.sorted.span, anchor = anchor.utf8.span
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            switch Self.order(sorted[middle].utf8.span, anchor) {
            case 0: return (middle, true)
            case ..<0: low = middle + 1
            default: high = middle
            }
        }
        return (low, false)
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s.
    static func precedes(_ a: String, _ b: String) -> Bool {
        order(a.utf8.span, b.utf8.span) < 0
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        order(a.utf8.span, b.utf8.span) == 0
    }

    /// Negative, zero or positive as the bytes `a` sort before, with or after `b`.
    private static func order(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Int {
        // The bytes where they lie: no copy of either string (and its reference count).
        for index in 0..<min(a.count, b.count) where a[index] != b[index] {
            return Int(a[index]) - Int(b[index])
        }
        return a.count - b.count
    }
}
