/// A demo run through the engine: each state laid out on one device, as
/// `duosite place` reports it.
public struct PlacedDemo: Sendable {
    /// The line the demo starts on (a page's fence, or a demo file's first line).
    public var line: Int
    /// The demo.
    public var demo: Demo
    /// The device it was laid out on (its own, or `--device`).
    public var device: Device
    /// Each state with its layout, in order.
    public var states: [PlacedState]

    /// Creates a placed demo.
    public init(line: Int, demo: Demo, device: Device, states: [PlacedState]) {
        self.line = line
        self.demo = demo
        self.device = device
        self.states = states
    }

    /// Runs every state of `demo` through `engine` on `device`.
    public init(demo: Demo, line: Int, device: Device, engine: PlacementEngine) {
        self.init(line: line, demo: demo, device: device, states: demo.states.map { state in
            PlacedState(state: state, layout: engine.layout(state.screen, on: device))
        })
    }
}
