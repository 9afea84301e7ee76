import Mustache

/// Turns a demo into the context of the theme's `demo` partial: each state
/// run through the placement engine on the demo's device, and drawn by the
/// `figure` partial from the engine's result.
///
/// The demo's context is `{caption, deviceName, multiple, states}`, each
/// state `{name, caption, number, figure, alt}`, where `figure` is the
/// object `figure.mustache` draws (docs/theme.md lists its keys) and `alt`
/// the state's text alternative. Every key an object can have is always
/// present (null or false when unused), so that a template never finds a
/// key of an outer context by mistake.
public struct DemoContext: Sendable {
    /// The site: its devices and placement table.
    public var site: Site
    /// The theme's symbol drawings.
    public var symbols: SymbolLibrary

    /// Creates the context maker for a site; the symbols are the theme's.
    public init(site: Site, symbols: SymbolLibrary) {
        self.site = site
        self.symbols = symbols
    }

    /// Creates the context maker for a site, reading its theme's symbols once.
    public init(site: Site) {
        self.init(site: site, symbols: SymbolLibrary(root: site.root))
    }

    /// The context of `demo`. A state that cannot be laid out (an unknown
    /// device, no placement table: findings `duosite check` reports) has
    /// `figure` null and its caption as `alt`.
    public func value(for demo: Demo) -> Value {
        let device = site.device(demo.device.value)
        let engine = site.placement.map(PlacementEngine.init(table:))
        let states: [Value] = demo.states.enumerated().map { index, state in
            var figure: Value = .null
            var alt = state.caption ?? state.name
            if let device, let engine {
                let layout = engine.layout(state.screen, on: device)
                let overflowTitle = engine.table.overflow.title
                alt = LayoutDescription(layout: layout, overflowTitle: overflowTitle).text
                figure = self.figure(layout, title: demo.title, alt: alt, table: engine.table)
            }
            return .object([
                "name": .string(state.name),
                "caption": state.caption.map(Value.string) ?? .null,
                "number": .int(index + 1),
                "figure": figure,
                "alt": .string(alt),
            ])
        }
        return .object([
            "caption": demo.caption.map(Value.string) ?? .null,
            "deviceName": .string(device?.name ?? demo.device.value),
            "multiple": .bool(demo.states.count > 1),
            "states": .list(states),
        ])
    }

    /// The figure's context: the screen's proportions and regions, and each
    /// drawn item with the engine's values.
    public func figure(_ layout: ScreenLayout, title: String?, alt: String, table: PlacementTable) -> Value {
        let device = layout.device
        let edge = device.column?.edge.rawValue ?? "none"
        let columnWidth = device.column?.width ?? 0
        let below = max(1, device.height - device.statusBar)

        // Grid tracks in points, as fractions: the drawing keeps the device's proportions at any width.
        func track(_ points: Int) -> String { "minmax(0, \(max(0, points))fr)" }
        let mainWidth = device.width - columnWidth
        let columns: String
        switch device.column?.edge {
        case .leading?: columns = "\(track(columnWidth)) \(track(mainWidth))"
        case .trailing?: columns = "\(track(mainWidth)) \(track(columnWidth))"
        case nil: columns = track(device.width)
        }
        let rows = [device.statusBar, layout.topBarHeight, layout.contentHeight, layout.bottomBarHeight].map(track).joined(separator: " ")
        // Custom properties only: figure.css sets the aspect ratio and the grid from them.
        let screenStyle = "--columns: \(columns); --rows: \(rows);"
        let deviceStyle = "--device-width: \(max(1, device.width)); --device-height: \(max(1, device.height));"

        func items(_ placements: [ItemPlacement], firstTabPushes: Bool) -> [Value] {
            var pushed = false
            return placements.map { placement in
                var push = false
                if firstTabPushes, placement.item.bar == .tabs, !pushed {
                    push = true
                    pushed = true
                }
                return item(placement, pushesDown: push)
            }
        }

        var columnItems = items(layout.columnTop, firstTabPushes: false)
        if layout.hasOverflowButton {
            columnItems.append(overflowButton(table.overflow))
        }
        columnItems += items(layout.columnBottom, firstTabPushes: true)
        let slotShare = device.column.map { Double($0.slot) / Double(below) * 100 } ?? 0
        let percent = (slotShare * 1000).rounded() / 1000

        func region(_ name: String, bar: String, _ values: [Value], style: String = "", heading: String? = nil) -> Value {
            .object([
                "name": .string(name),
                "bar": .string(bar),
                "style": .string(style),
                "heading": heading.map(Value.string) ?? .bool(false),
                "items": .list(values),
            ])
        }
        let top = layout.items(in: .top)
        let bottom = layout.items(in: .bottom)
        let menu = layout.items(in: .overflow)
        var regions: [Value] = []
        if !top.isEmpty { regions.append(region("top-bar", bar: Place.top.rawValue, items(top, firstTabPushes: false))) }
        if device.column != nil { regions.append(region("column", bar: Place.column.rawValue, columnItems, style: "--slot: \(percent)%;")) }
        if !bottom.isEmpty { regions.append(region("bottom-bar", bar: Place.bottom.rawValue, items(bottom, firstTabPushes: true))) }
        if !menu.isEmpty {
            regions.append(region("menu", bar: Place.overflow.rawValue, menu.map { item($0, pushesDown: false) }, heading: table.overflow.title))
        }
        return .object([
            "device": .string(device.id),
            "deviceName": .string(device.name),
            "edge": .string(edge),
            "deviceStyle": .string(deviceStyle),
            "screenStyle": .string(screenStyle),
            "alt": .string(alt),
            "time": .string("9:41"),
            "title": title.map(Value.string) ?? .null,
            "contentHeight": .int(layout.contentHeight),
            "hasTopBar": .bool(!top.isEmpty),
            "hasColumn": .bool(device.column != nil),
            "hasBottomBar": .bool(!bottom.isEmpty),
            "hasOverflowMenu": .bool(!menu.isEmpty),
            "regions": .list(regions),
        ])
    }

    /// One drawn item: the engine's values for the data attributes, and what
    /// its form shows.
    func item(_ placement: ItemPlacement, pushesDown: Bool) -> Value {
        let item = placement.item
        let form = placement.form
        var svg: String?
        if form.shows(.symbol), let symbol = item.symbol { svg = symbols.svg(symbol) }
        // A symbol the theme cannot draw falls back to the title, in words.
        let showsTitle = form.shows(.title) || (form.shows(.symbol) && svg == nil && !form.shows(.value))
        let segments: Value = form.shows(.control) && item.kind == .segmented && !item.segments.isEmpty
            ? .object(["segments": .list(item.segments.enumerated().map { index, label in
                .object(["label": .string(label), "selected": .bool(index == 0)])
            })])
            : .bool(false)
        let custom = form.shows(.control) && item.kind != .segmented
        return .object([
            "id": .string(item.id),
            "place": .string(placement.place.rawValue),
            "form": .string(form.name),
            "rule": .string(placement.rule?.description ?? ""),
            "bar": .string(item.bar.rawValue),
            "kind": .string(item.kind.rawValue),
            "label": .string(item.title ?? item.id),
            "symbol": svg.map(Value.string) ?? .bool(false),
            "symbolName": .string(item.symbol ?? ""),
            "badge": placement.badge.map { .string(Self.badgeText($0)) } ?? .bool(false),
            "showsTitle": .bool(showsTitle),
            "value": form.shows(.value) ? item.value.map(Value.string) ?? .bool(false) : .bool(false),
            "segmented": segments,
            "custom": .bool(custom || (form.shows(.control) && item.kind == .segmented && item.segments.isEmpty)),
            "vertical": .bool(form.shows(.vertical)),
            "verticalSymbol": form.shows(.vertical) ? item.symbol.flatMap(symbols.svg).map(Value.string) ?? .bool(false) : .bool(false),
            "pushesDown": .bool(pushesDown),
            "overflowButton": .bool(false),
        ])
    }

    /// The system's overflow button, drawn in the column's last free slot.
    func overflowButton(_ overflow: OverflowSettings) -> Value {
        let svg = symbols.svg(overflow.symbol)
        return .object([
            "id": .string("system-overflow"),
            "place": .string(Place.column.rawValue),
            "form": .string(svg == nil ? FormPart.title.rawValue : FormPart.symbol.rawValue),
            "rule": .string(overflow.rule?.description ?? ""),
            "bar": .string(""),
            "kind": .string("menu"),
            "label": .string(overflow.title),
            "symbol": svg.map(Value.string) ?? .bool(false),
            "symbolName": .string(overflow.symbol),
            "badge": .bool(false),
            "showsTitle": .bool(svg == nil),
            "value": .bool(false),
            "segmented": .bool(false),
            "custom": .bool(false),
            "vertical": .bool(false),
            "verticalSymbol": .bool(false),
            "pushesDown": .bool(false),
            "overflowButton": .bool(true),
        ])
    }

    /// A badge as the system draws it: up to 99, then `99+`.
    static func badgeText(_ count: Int) -> String {
        count > 99 ? "99+" : String(count)
    }
}
