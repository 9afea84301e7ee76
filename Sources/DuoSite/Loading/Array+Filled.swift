extension Array where Element: BitwiseCopyable {
    /// `count` copies of `value`, as `Array(repeating:count:)` makes them,
    /// but allocated by code made for `Element`: that initializer reaches
    /// the standard library's unspecialized allocation, which asks the
    /// runtime for the array's type each time (about a thousand
    /// instructions, more than a page's small arrays take to fill).
    static func filled(with value: Element, count: Int) -> [Element] {
        var array: [Element] = []
        array.reserveCapacity(count)
        array.append(contentsOf: repeatElement(value, count: count))
        return array
    }
}
