/// One state of a demo and its layout.
public struct PlacedState: Sendable {
    /// The state.
    public var state: DemoState
    /// Where the engine put its items.
    public var layout: ScreenLayout

    /// Creates a placed state.
    public init(state: DemoState, layout: ScreenLayout) {
        self.state = state
        self.layout = layout
    }
}
