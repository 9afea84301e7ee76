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
    public var site: Site {
        didSet { prepared = Prepared(site: site, symbols: symbols) }
    }
    /// The theme's symbol drawings.
    public var symbols: SymbolLibrary {
        didSet { prepared = Prepared(site: site, symbols: symbols) }
    }
    /// What every demo of the site shares, worked out once.
    private var prepared: Prepared

    /// Creates the context maker for a site; the symbols are the theme's.
    public init(site: Site, symbols: SymbolLibrary) {
        self.prepared = Prepared(site: site, symbols: symbols)
        self.site = site
        self.symbols = symbols
    }

    /// Creates the context maker for a site, reading its theme's symbols once.
    public init(site: Site) {
        self.init(site: site, symbols: SymbolLibrary(root: site.root))
    }

    /// What every demo shares: the engine with its compiled table, each
    /// device's figure styles, and the overflow button's drawing.
    private struct Prepared: Sendable {
        var engine: PlacementEngine?
        /// The site's devices by id, the first of an id winning (as `Site.device`).
        var devices: [String: DeviceFigure]
        /// The overflow button of the engine's table.
        var overflowButton: Value

        init(site: Site, symbols: SymbolLibrary) {
            engine = site.placement.map(PlacementEngine.init(table:))
            var devices: [String: DeviceFigure] = [:]
            for device in site.devices where devices[device.id] == nil {
                devices[device.id] = DeviceFigure(device)
            }
            self.devices = devices
            overflowButton = engine.map { DemoContext.overflowButton($0.table.overflow, symbols: symbols) } ?? .null
        }
    }

    /// The parts of a figure that depend only on the device: its styles,
    /// and the screen's style for each way bars can be at the top and bottom.
    struct DeviceFigure: Sendable {
        var device: Device
        var edge: String
        var deviceStyle: String
        var columns: String
        var slotStyle: String
        /// The screen's style for the heights of the bar at the top, the
        /// content and the bars at the bottom.
        var screenStyles: [(top: Int, content: Int, bottom: Int, style: String)]

        init(_ device: Device) {
            self.device = device
            edge = device.column?.edge.rawValue ?? "none"
            deviceStyle = DemoContext.deviceStyle(device)
            columns = DemoContext.columns(device)
            slotStyle = DemoContext.slotStyle(device)
            var styles: [(top: Int, content: Int, bottom: Int, style: String)] = []
            for hasTop in [false, true] {
                for hasBottom in [false, true] {
                    let top = hasTop ? device.topBar : 0
                    let bottom = hasBottom ? (device.bottomBar > 0 ? device.bottomBar : device.topBar) : 0
                    let content = max(0, device.height - device.statusBar - top - bottom)
                    styles.append((top, content, bottom, DemoContext.screenStyle(device, columns: columns, top: top, content: content, bottom: bottom)))
                }
            }
            screenStyles = styles
        }

        /// The screen's style for `layout`.
        func screenStyle(_ layout: ScreenLayout) -> String {
            for style in screenStyles
            where style.top == layout.topBarHeight && style.content == layout.contentHeight && style.bottom == layout.bottomBarHeight {
                return style.style
            }
            return DemoContext.screenStyle(device, columns: columns, top: layout.topBarHeight, content: layout.contentHeight, bottom: layout.bottomBarHeight)
        }
    }

    /// The context of `demo`. A state that cannot be laid out (an unknown
    /// device, no placement table: findings `duosite check` reports) has
    /// `figure` null and its caption as `alt`.
    public func value(for demo: Demo) -> Value {
        let deviceFigure = prepared.devices[demo.device.value]
        let engine = prepared.engine
        var states: [Value] = []
        states.reserveCapacity(demo.states.count)
        for (index, state) in demo.states.enumerated() {
            var figure: Value = .null
            var alt = state.caption ?? state.name
            if let deviceFigure, let engine {
                // Figures do not show advice: the layout is made without it.
                let layout = engine.layout(state.screen, on: deviceFigure.device, withAdvice: false)
                let overflowTitle = engine.table.overflow.title
                alt = LayoutDescription(layout: layout, overflowTitle: overflowTitle).text
                figure = self.figure(layout, title: demo.title, alt: alt, device: deviceFigure,
                                     overflowButton: prepared.overflowButton, overflowTitle: overflowTitle)
            }
            states.append(.object([
                "name": .string(state.name),
                "caption": state.caption.map(Value.string) ?? .null,
                "number": .int(index + 1),
                "figure": figure,
                "alt": .string(alt),
            ]))
        }
        return .object([
            "caption": demo.caption.map(Value.string) ?? .null,
            "deviceName": .string(deviceFigure?.device.name ?? demo.device.value),
            "multiple": .bool(demo.states.count > 1),
            "states": .list(states),
        ])
    }

    /// The figure's context: the screen's proportions and regions, and each
    /// drawn item with the engine's values.
    public func figure(_ layout: ScreenLayout, title: String?, alt: String, table: PlacementTable) -> Value {
        figure(layout, title: title, alt: alt, device: DeviceFigure(layout.device),
               overflowButton: Self.overflowButton(table.overflow, symbols: symbols), overflowTitle: table.overflow.title)
    }

    /// A grid track in points, as a fraction: the drawing keeps the
    /// device's proportions at any width.
    static func appendTrack(_ points: Int, to text: inout String) {
        text += "minmax(0, "
        text += String(max(0, points))
        text += "fr)"
    }

    /// The grid's columns: the column's track and the main one, in the column's edge's order.
    static func columns(_ device: Device) -> String {
        var text = ""
        let columnWidth = device.column?.width ?? 0
        let mainWidth = device.width - columnWidth
        switch device.column?.edge {
        case .leading?:
            appendTrack(columnWidth, to: &text)
            text += " "
            appendTrack(mainWidth, to: &text)
        case .trailing?:
            appendTrack(mainWidth, to: &text)
            text += " "
            appendTrack(columnWidth, to: &text)
        case nil:
            appendTrack(device.width, to: &text)
        }
        return text
    }

    /// The screen's custom properties: figure.css sets the grid from them.
    static func screenStyle(_ device: Device, columns: String, top: Int, content: Int, bottom: Int) -> String {
        var text = "--columns: "
        text += columns
        text += "; --rows: "
        appendTrack(device.statusBar, to: &text)
        text += " "
        appendTrack(top, to: &text)
        text += " "
        appendTrack(content, to: &text)
        text += " "
        appendTrack(bottom, to: &text)
        text += ";"
        return text
    }

    /// The device's custom properties: figure.css sets the aspect ratio from them.
    static func deviceStyle(_ device: Device) -> String {
        "--device-width: \(max(1, device.width)); --device-height: \(max(1, device.height));"
    }

    /// The column's style: one slot's share of the height below the status bar.
    static func slotStyle(_ device: Device) -> String {
        let below = max(1, device.height - device.statusBar)
        let slotShare = device.column.map { Double($0.slot) / Double(below) * 100 } ?? 0
        let percent = (slotShare * 1000).rounded() / 1000
        return "--slot: \(percent)%;"
    }

    /// The figure's context, with what depends only on the device and the table worked out.
    func figure(_ layout: ScreenLayout, title: String?, alt: String, device figureDevice: DeviceFigure,
                overflowButton: Value, overflowTitle: String) -> Value {
        let device = layout.device
        let placements = layout.items
        // Each region's list made with room for its items at once, not grown.
        var counts = (top: 0, column: 0, bottom: 0, menu: 0)
        for index in placements.indices {
            switch placements[index].place {
            case .top: counts.top += 1
            case .column: counts.column += 1
            case .bottom: counts.bottom += 1
            case .overflow: counts.menu += 1
            }
        }
        func list(_ count: Int) -> [Value] {
            var list: [Value] = []
            if count > 0 { list.reserveCapacity(count) }
            return list
        }
        var top = list(counts.top)
        // The column's items above its overflow button; its tabs, below it, come after.
        var columnItems = list(counts.column + (layout.hasOverflowButton ? 1 : 0))
        var columnBottom: [Value] = []
        var menu = list(counts.menu)
        var bottom = list(counts.bottom)
        var pushedColumn = false
        var pushedBottom = false
        for index in placements.indices {
            let isTab = placements[index].item.bar == .tabs
            switch placements[index].place {
            case .top:
                top.append(item(placements[index], pushesDown: false))
            case .column:
                if isTab {
                    columnBottom.append(item(placements[index], pushesDown: !pushedColumn))
                    pushedColumn = true
                } else {
                    columnItems.append(item(placements[index], pushesDown: false))
                }
            case .bottom:
                let push = isTab && !pushedBottom
                if push { pushedBottom = true }
                bottom.append(item(placements[index], pushesDown: push))
            case .overflow:
                menu.append(item(placements[index], pushesDown: false))
            }
        }

        if layout.hasOverflowButton {
            columnItems.append(overflowButton)
        }
        columnItems += columnBottom

        func region(_ name: String, bar: String, _ values: [Value], style: String = "", heading: String? = nil) -> Value {
            .object([
                "name": .string(name),
                "bar": .string(bar),
                "style": .string(style),
                "heading": heading.map(Value.string) ?? .bool(false),
                "items": .list(values),
            ])
        }
        var regions: [Value] = []
        regions.reserveCapacity(4)
        if !top.isEmpty { regions.append(region("top-bar", bar: Place.top.rawValue, top)) }
        if device.column != nil { regions.append(region("column", bar: Place.column.rawValue, columnItems, style: figureDevice.slotStyle)) }
        if !bottom.isEmpty { regions.append(region("bottom-bar", bar: Place.bottom.rawValue, bottom)) }
        if !menu.isEmpty {
            regions.append(region("menu", bar: Place.overflow.rawValue, menu, heading: overflowTitle))
        }
        return .object([
            "device": .string(device.id),
            "deviceName": .string(device.name),
            "edge": .string(figureDevice.edge),
            "deviceStyle": .string(figureDevice.deviceStyle),
            "screenStyle": .string(figureDevice.screenStyle(layout)),
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
        var showsSymbol = false, showsTitle = false, showsValue = false, showsBadge = false
        var showsControl = false, showsVertical = false
        for part in form.parts {
            switch part {
            case .symbol: showsSymbol = true
            case .title: showsTitle = true
            case .value: showsValue = true
            case .badge: showsBadge = true
            case .control: showsControl = true
            case .vertical: showsVertical = true
            }
        }
        var svg: String?
        if showsSymbol, let symbol = item.symbol { svg = symbols.svg(symbol) }
        // A symbol the theme cannot draw falls back to the title, in words.
        let drawsTitle = showsTitle || (showsSymbol && svg == nil && !showsValue)
        let segmented = showsControl && item.kind == .segmented
        let segments: Value
        if segmented && !item.segments.isEmpty {
            var labels: [Value] = []
            labels.reserveCapacity(item.segments.count)
            for (index, label) in item.segments.enumerated() {
                labels.append(.object(["label": .string(label), "selected": .bool(index == 0)]))
            }
            segments = .object(["segments": .list(labels)])
        } else {
            segments = .bool(false)
        }
        let custom = showsControl && item.kind != .segmented
        let badge = showsBadge ? item.badge : nil
        var verticalSymbol: Value = .bool(false)
        if showsVertical, let symbol = item.symbol, let drawing = symbols.svg(symbol) { verticalSymbol = .string(drawing) }
        return .object([
            "id": .string(item.id),
            "place": .string(placement.place.rawValue),
            "form": .string(form.name),
            "rule": .string(placement.decision.rule?.description ?? ""),
            "bar": .string(item.bar.rawValue),
            "kind": .string(item.kind.rawValue),
            "label": .string(item.title ?? item.id),
            "symbol": svg.map(Value.string) ?? .bool(false),
            "symbolName": .string(item.symbol ?? ""),
            "badge": badge.map { .string(Self.badgeText($0)) } ?? .bool(false),
            "showsTitle": .bool(drawsTitle),
            "value": showsValue ? item.value.map(Value.string) ?? .bool(false) : .bool(false),
            "segmented": segments,
            "custom": .bool(custom || (segmented && item.segments.isEmpty)),
            "vertical": .bool(showsVertical),
            "verticalSymbol": verticalSymbol,
            "pushesDown": .bool(pushesDown),
            "overflowButton": .bool(false),
        ])
    }

    /// The system's overflow button, drawn in the column's last free slot.
    func overflowButton(_ overflow: OverflowSettings) -> Value {
        Self.overflowButton(overflow, symbols: symbols)
    }

    /// The system's overflow button, drawn with `symbols`.
    static func overflowButton(_ overflow: OverflowSettings, symbols: SymbolLibrary) -> Value {
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
