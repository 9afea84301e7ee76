import Mustache

/// What goes into one hole of a page rendered before what other pages show
/// of it was known (`TemplateHole`): the `rule-links` partial, rendered for
/// one rule once every page is read, and where it goes.
struct PageFill: Sendable, Equatable {
    /// Where the bytes go: their offset in the page as rendered with its holes.
    var offset: Int
    /// The partial's bytes.
    var bytes: [UInt8]

    /// The page's bytes with `fills` (in order of offset) put in: what
    /// rendering it whole would have given.
    static func filled(_ page: Span<UInt8>, with fills: [PageFill]) -> [UInt8] {
        let count = page.count + fills.reduce(0) { $0 + $1.bytes.count }
        return [UInt8](capacity: count) { output in
            var next = 0
            for fill in fills {
                output.append(copying: page.extracting(next..<fill.offset))
                output.append(copying: fill.bytes.span)
                next = fill.offset
            }
            output.append(copying: page.extracting(next...))
        }
    }
}
