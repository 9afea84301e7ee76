/// The anchors a page gives as it is read, each once: its headings', its
/// questions', its rules' and the theme's own ids. A heading repeated is
/// numbered as GitHub numbers one (`notes`, `notes-1`, `notes-2`, …), and
/// the thousandth `## Notes` in one step, not in a thousand: the number
/// each repeated anchor tries next is kept, every number below it taken.
struct PageAnchors {
    /// The anchors, in byte order, while the page has a few (what nearly
    /// every page has): the list the page keeps.
    private var list = AnchorList()
    /// The anchors once the page has more than `listed`, so that each one
    /// more is taken in one step rather than in the list's length.
    private var many: Set<String>?
    private static let listed = 256
    /// For each anchor given more than once, the number its next copy
    /// tries first.
    private var nextNumber: [String: Int] = [:]

    /// The anchors, in byte order.
    var sorted: AnchorList { many.map { AnchorList($0) } ?? list }

    /// Whether the page gives `anchor` already.
    func contains(_ anchor: String) -> Bool {
        many?.contains(anchor) ?? list.contains(anchor)
    }

    /// Takes `anchor` (the theme's ids, a rule's `rule-N`).
    mutating func insert(_ anchor: String) {
        if many != nil {
            many!.insert(anchor)
            return
        }
        list.insert(anchor)
        if list.count > Self.listed { many = Set(list.sorted) }
    }

    /// `base`, or, when the page has it already or `reserved` says it is
    /// kept for others, `base-N` with the first N free; taken.
    mutating func unique(_ base: String, reserved: (String) -> Bool) -> String {
        guard contains(base) || reserved(base) else {
            insert(base)
            return base
        }
        var number = nextNumber[base] ?? 1
        var candidate = String.numbered(base + "-", number)
        while contains(candidate) || reserved(candidate) {
            number += 1
            candidate = String.numbered(base + "-", number)
        }
        nextNumber[base] = number + 1
        insert(candidate)
        return candidate
    }
}
