import Diagnostics

/// Finds demos naming a device devices.yml does not have (`unknown-device`)
/// or a symbol the theme has no drawing for (`unknown-symbol`).
public struct DemoChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        check(pattern.demos, context)
    }

    /// The findings about `demos` (a page's, or a demo file's).
    func check(_ demos: [DemoBlock], _ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for block in demos {
            guard let demo = block.demo else { continue }
            // When devices.yml cannot be read, its own error says what to mend first.
            if !demo.device.value.isEmpty, context.site.device(demo.device.value) == nil, !context.site.unreadableFiles.contains(Site.Paths.devices) {
                let devices = context.site.devices.map(\.id)
                var message = "the demo names the device '\(demo.device.value)', which devices.yml does not have"
                if let suggestion = Suggestion.nearest(to: demo.device.value, in: devices) {
                    message += "; did you mean '\(suggestion)'?"
                } else if devices.isEmpty {
                    message += " (it has no device)"
                } else {
                    message += " (it has \(devices.joined(separator: ", ")))"
                }
                diagnostics.append(Diagnostic(.unknownDevice, message, at: demo.device.location))
            }
            guard let symbols = context.site.symbols else { continue }
            var reported = Set<SourceLocation>()
            for state in demo.states {
                state.screen.forEachItem { item in
                    guard let symbol = item.symbol, !symbols.contains(symbol) else { return }
                    let location = item.symbolLocation ?? item.location
                    guard reported.insert(location).inserted else { return }
                    var message = "the item '\(item.id)' uses the symbol '\(symbol)', which the theme has no drawing for (\(Site.Paths.symbols)/\(symbol).svg)"
                    if let suggestion = Suggestion.nearest(to: symbol, in: symbols.sorted()) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    diagnostics.append(Diagnostic(.unknownSymbol, message, at: location))
                }
            }
        }
        return diagnostics
    }
}
