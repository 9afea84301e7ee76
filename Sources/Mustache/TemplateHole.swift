/// Where a partial was left out of a render, to be rendered there later: a
/// page's lists of what other pages say of it are known only once every
/// page is read, so the page is rendered as soon as it is read with those
/// lists left as holes, and each hole is filled when the page is written.
///
/// A render asked to defer some partials (``TemplateLibrary/renderBytes(_:_:capacity:deferring:_:)``)
/// writes nothing where one of them is included and notes a hole instead;
/// filling it is rendering the partial alone, with ``TemplateLibrary/renderBytes(_:_:indentation:capacity:_:)``,
/// against a context that holds what the partial reads, and putting its
/// bytes at `offset`. The text after a hole is what it would have been with
/// the partial rendered there: a partial changes nothing of what follows it.
public struct TemplateHole: Sendable, Equatable {
    /// The partial's name.
    public var partial: String
    /// Where its bytes go: their offset in the render's output.
    public var offset: Int
    /// The indentation its lines start with (a standalone tag's own, with
    /// that of the templates around it).
    public var indentation: String
    /// The `number` of the innermost context the partial was included in,
    /// when it is an integer (the rule a rule's partial is for); nil otherwise.
    public var number: Int?

    /// A hole left for `partial` at `offset`.
    public init(partial: String, offset: Int, indentation: String = "", number: Int? = nil) {
        self.partial = partial
        self.offset = offset
        self.indentation = indentation
        self.number = number
    }
}
