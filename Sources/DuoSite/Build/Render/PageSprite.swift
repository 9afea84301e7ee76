import Mustache

/// The symbols one page draws, marked as its figures' contexts are written,
/// so that the page defines each of them once, in its sprite, and each
/// drawing of it is a reference to that definition.
struct PageSprite {
    /// One bit a symbol of the library, by its index: whether the page draws it.
    private var drawn: [UInt64] = []

    /// Notes that the page draws `symbol`, and gives the id each drawing
    /// refers to.
    mutating func draw(_ symbol: SymbolLibrary.Symbol) -> String {
        let word = symbol.index >> 6
        if drawn.count <= word { drawn.append(contentsOf: repeatElement(0, count: word + 1 - drawn.count)) }
        drawn[word] |= 1 << UInt64(symbol.index & 63)
        return symbol.id
    }

    /// Whether the page draws the symbol at `index` of the library.
    func draws(_ index: Int) -> Bool {
        let word = index >> 6
        return word < drawn.count && drawn[word] & (1 << UInt64(index & 63)) != 0
    }

    /// Writes the page's sprite as the member `key` of the object being
    /// written: false when the page draws no symbol, else `{symbols}`, a
    /// list of `{id, svg}` (the id drawings refer to, and the `<symbol>`
    /// element, HTML made safe) in the library's order, each symbol the page
    /// draws once.
    func add(_ key: ContextKey, from library: SymbolLibrary, keys: ContextKeys, to context: inout CompactContext.Builder) {
        guard drawn.contains(where: { $0 != 0 }) else { return context.add(key, false) }
        context.beginObject(key)
        context.beginList(keys.symbols)
        for symbol in library.ordered where draws(symbol.index) {
            context.beginObject(nil)
            context.add(keys.id, symbol.id)
            context.add(keys.svg, symbol.element)
            context.end()
        }
        context.end()
        context.end()
    }
}
