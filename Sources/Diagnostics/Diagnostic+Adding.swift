extension [Diagnostic] {
    /// Adds `found` to the list. Adding none leaves the list as it is: a page
    /// adds its parts' findings dozens of times, most often none, and the
    /// standard library's `+=` would give an empty list a buffer each time.
    public static func += (list: inout [Diagnostic], found: [Diagnostic]) {
        guard !found.isEmpty else { return }
        list.append(contentsOf: found)
    }
}
