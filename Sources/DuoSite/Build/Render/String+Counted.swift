extension String {
    /// `count` and the noun that goes with it: `1 figure`, `3 figures`.
    static func counted(_ count: Int, _ one: String, _ many: String) -> String {
        .joining(String(count), " ", count == 1 ? one : many)
    }
}
