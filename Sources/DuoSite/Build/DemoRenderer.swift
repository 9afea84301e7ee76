import Mustache

/// Gives each demo block its context for the `demo` partial.
struct DemoRenderer: Sendable {
    let site: Site

    /// The context of one demo.
    func context(for demo: Demo) -> Value {
        .object([
            "caption": demo.caption.map(Value.string) ?? .null,
            "deviceName": .string(site.device(demo.device.value)?.name ?? demo.device.value),
            "multiple": .bool(demo.states.count > 1),
            "states": .list(demo.states.enumerated().map { index, state in
                .object([
                    "name": .string(state.name),
                    "caption": state.caption.map(Value.string) ?? .null,
                    "number": .int(index + 1),
                ])
            }),
        ])
    }
}
