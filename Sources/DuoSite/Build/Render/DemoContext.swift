import Mustache

/// Turns a demo into the context of the theme's `demo` partial: each state
/// run through the placement engine on the demo's device, and drawn by the
/// `figure` partial from the engine's result.
///
/// The demo's context is `{caption, deviceName, figureStyle, multiple,
/// states, switch}` (`figureStyle`: the device's measures and the symbols'
/// shared drawing attributes, once for every drawing of the demo), each state `{name, caption, named, number, figure,
/// alt}`, where `figure` is the object `figure.mustache` draws
/// (docs/theme.md lists its keys) and `alt` the state's text alternative. Every key an object can have is always
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
    private(set) var prepared: Prepared

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
    /// device's figure styles, the overflow button's drawing, and the
    /// context's keys.
    struct Prepared: Sendable {
        var engine: PlacementEngine?
        /// The site's devices by id, the first of an id winning (as `Site.device`).
        var devices: [String: DeviceFigure]
        /// The symbol of the engine's overflow button, when the theme has a drawing of it.
        var overflowSymbol: SymbolLibrary.Symbol?
        let keys = ContextKeys()

        init(site: Site, symbols: SymbolLibrary) {
            engine = site.placement.map(PlacementEngine.init(table:))
            var devices: [String: DeviceFigure] = [:]
            for device in site.devices where devices[device.id] == nil {
                devices[device.id] = DeviceFigure(device, drawing: symbols.sharedStyle)
            }
            self.devices = devices
            overflowSymbol = engine.flatMap { symbols.symbol($0.table.overflow.symbol) }
        }
    }

    /// The parts of a figure that depend only on the device: its edge and
    /// the figure's style.
    struct DeviceFigure: Sendable {
        var device: Device
        var edge: String
        /// The figure's style, set once on a demo's figure for every drawing
        /// of it: the device's measures as custom properties, in points,
        /// from which `figure.css` draws each screen in the device's
        /// proportions at any width, then the drawing attributes the
        /// theme's symbols share (`drawing`), which each drawing inherits.
        var style: String

        init(_ device: Device, drawing: String) {
            self.device = device
            edge = device.column?.edge.rawValue ?? "none"
            style = DemoContext.deviceStyle(device)
            if !drawing.isEmpty {
                style += ";"
                style += drawing
            }
        }
    }

    /// The context of `demo`. A state that cannot be laid out (an unknown
    /// device, no placement table: findings `duosite check` reports) has
    /// `figure` null and its caption as `alt`.
    /// `number` is the demo's place among the page's demos, from 1: it
    /// names a switching figure's inputs, unique on the page.
    public func value(for demo: Demo, number: Int = 1) -> Value {
        var context = CompactContext.Builder()
        var sprite = PageSprite()
        add(demo, number: number, sprite: &sprite, as: nil, to: &context)
        return context.finish().value
    }

    /// Writes the context of `demo` (as ``value(for:number:)`` gives it):
    /// the member `key` of the object being written, or an element of a list.
    /// `layouts` are its states laid out already, when the page was checked
    /// (`DemoBlock.layouts`); otherwise they are laid out here. The symbols
    /// it draws are marked in `sprite`, the page's.
    func add(_ demo: Demo, number: Int, layouts laidOut: [ScreenLayout]? = nil, sprite: inout PageSprite, as key: ContextKey?,
             to context: inout CompactContext.Builder) {
        let keys = prepared.keys
        let deviceFigure = prepared.devices[demo.device.value]
        let engine = prepared.engine
        // Figures do not show advice: the layouts are made without it.
        var layouts: [ScreenLayout] = []
        var alts: [String] = []
        for (index, state) in demo.states.enumerated() {
            if let deviceFigure, let engine {
                let layout = laidOut.flatMap { index < $0.count ? $0[index] : nil } ?? engine.layout(state.screen, on: deviceFigure.device, withAdvice: false)
                layouts.append(layout)
                alts.append(LayoutDescription(layout: layout, overflowTitle: engine.table.overflow.title).text)
            } else {
                alts.append(state.caption ?? state.name)
            }
        }
        // A demo of several states that can all be laid out switches
        // between them: its drawing's text alternative in each state is the
        // state's figure's, by its id.
        let switches = deviceFigure != nil && engine != nil && demo.states.count > 1 && demo.states.count <= Self.switchableStates
            && layouts.count == demo.states.count
        context.beginObject(key)
        context.add(keys.anchor, FigureRules.anchor(number))
        context.add(keys.caption, demo.caption)
        context.add(keys.deviceName, deviceFigure?.device.name ?? demo.device.value)
        if let deviceFigure { context.add(keys.figureStyle, deviceFigure.style) } else { context.add(keys.figureStyle, false) }
        context.add(keys.multiple, demo.states.count > 1)
        context.beginList(keys.states)
        for (index, state) in demo.states.enumerated() {
            context.beginObject(nil)
            context.add(keys.name, state.name)
            context.add(keys.caption, state.caption)
            context.add(keys.named, state.isWritten)
            context.add(keys.number, index + 1)
            if let deviceFigure, let engine, index < layouts.count {
                addFigure(layouts[index], title: demo.title, alt: alts[index], altID: switches ? Self.altID(demo: number, state: index + 1) : nil,
                          device: deviceFigure, overflow: engine.table.overflow, sprite: &sprite, to: &context)
            } else {
                context.addNull(keys.figure)
            }
            context.add(keys.alt, alts[index])
            context.end()
        }
        context.end()
        if switches, let deviceFigure, let engine {
            addSwitch(demo, number: number, layouts: layouts, device: deviceFigure, overflow: engine.table.overflow, sprite: &sprite, to: &context)
        } else {
            context.add(keys.switch, false)
        }
        context.end()
    }

    /// The device's custom properties, in points (`--device-width:430;
    /// --device-height:760;--status-bar:54;--top-bar:54;--column:64;
    /// --slot:56`): its size, its status bar, the height of a bar at the top
    /// and of the bars at the bottom (when it differs from the top's; none
    /// when the device has no bar at the bottom of its own), and its
    /// column's width and slot. `figure.css` makes each screen's grid and
    /// the column's slots of them.
    static func deviceStyle(_ device: Device) -> String {
        var text = "--device-width:\(max(1, device.width));--device-height:\(max(1, device.height));--status-bar:\(max(0, device.statusBar))"
        text += ";--top-bar:\(max(0, device.topBar))"
        if device.bottomBar > 0, device.bottomBar != device.topBar { text += ";--bottom-bar:\(device.bottomBar)" }
        if let column = device.column { text += ";--column:\(max(0, column.width));--slot:\(max(0, column.slot))" }
        return text
    }

    /// Writes the figure's context (the member `figure` of the state being
    /// written): the screen's proportions and regions, and each drawn item
    /// with the engine's values; `altID` is the id of its text
    /// alternative's element, which a switching figure's drawing is named
    /// by in the state, or nil. What depends only on the device and the
    /// table is worked out already.
    private func addFigure(_ layout: ScreenLayout, title: String?, alt: String, altID: String?, device figureDevice: DeviceFigure,
                           overflow: OverflowSettings, sprite: inout PageSprite, to context: inout CompactContext.Builder) {
        let keys = prepared.keys
        let device = layout.device
        let placements = layout.items
        var has = (top: false, bottom: false, menu: false)
        for index in placements.indices {
            switch placements[index].place {
            case .top: has.top = true
            case .bottom: has.bottom = true
            case .overflow: has.menu = true
            case .column: break
            }
        }
        context.beginObject(keys.figure)
        context.add(keys.device, device.id)
        context.add(keys.deviceName, device.name)
        context.add(keys.edge, figureDevice.edge)
        context.add(keys.alt, alt)
        if let altID { context.add(keys.altId, altID) } else { context.add(keys.altId, false) }
        context.add(keys.time, "9:41")
        context.add(keys.title, title)
        context.add(keys.contentHeight, layout.contentHeight)
        context.add(keys.hasTopBar, has.top)
        context.add(keys.hasColumn, device.column != nil)
        context.add(keys.hasBottomBar, has.bottom)
        context.add(keys.hasOverflowMenu, has.menu)

        /// Begins a region and its list of items.
        func beginRegion(_ name: String, bar: Place, heading: String? = nil) {
            context.beginObject(nil)
            context.add(keys.name, name)
            context.add(keys.bar, bar.rawValue)
            if let heading { context.add(keys.heading, heading) } else { context.add(keys.heading, false) }
            context.beginList(keys.items)
        }
        /// Ends the list of items and the region.
        func endRegion() {
            context.end()
            context.end()
        }

        context.beginList(keys.regions)
        if has.top {
            beginRegion("top-bar", bar: .top)
            for index in placements.indices where placements[index].place == .top {
                addItem(placements[index], pushesDown: false, sprite: &sprite, to: &context)
            }
            endRegion()
        }
        if device.column != nil {
            beginRegion("column", bar: .column)
            // The column's items above its overflow button; its tabs, below it,
            // the first pushed down to the bottom.
            for index in placements.indices where placements[index].place == .column && placements[index].item.bar != .tabs {
                addItem(placements[index], pushesDown: false, sprite: &sprite, to: &context)
            }
            if layout.hasOverflowButton {
                addOverflowButton(overflow, sprite: &sprite, to: &context)
            }
            var pushed = false
            for index in placements.indices where placements[index].place == .column && placements[index].item.bar == .tabs {
                addItem(placements[index], pushesDown: !pushed, sprite: &sprite, to: &context)
                pushed = true
            }
            endRegion()
        }
        if has.bottom {
            beginRegion("bottom-bar", bar: .bottom)
            var pushed = false
            for index in placements.indices where placements[index].place == .bottom {
                let push = placements[index].item.bar == .tabs && !pushed
                if push { pushed = true }
                addItem(placements[index], pushesDown: push, sprite: &sprite, to: &context)
            }
            endRegion()
        }
        if has.menu {
            beginRegion("menu", bar: .overflow, heading: overflow.title)
            for index in placements.indices where placements[index].place == .overflow {
                addItem(placements[index], pushesDown: false, sprite: &sprite, to: &context)
            }
            endRegion()
        }
        context.end()
        context.end()
    }

    /// Writes one drawn item, as an element of its region's list: the
    /// engine's values for the data attributes, and what its form shows.
    private func addItem(_ placement: ItemPlacement, pushesDown: Bool, sprite: inout PageSprite, to context: inout CompactContext.Builder) {
        let keys = prepared.keys
        context.beginObject(nil)
        context.add(keys.id, placement.item.id)
        addEngineValues(placement, to: &context)
        addParts(placement, sprite: &sprite, to: &context)
        context.add(keys.pushesDown, pushesDown)
        context.add(keys.overflowButton, false)
        context.end()
    }

    /// Writes the engine's values for an item, as its data attributes give
    /// them: its place, its form's name and the rule that decided.
    func addEngineValues(_ placement: ItemPlacement, to context: inout CompactContext.Builder) {
        let keys = prepared.keys
        context.add(keys.place, placement.place.rawValue)
        // The form's name, written in its pieces.
        context.beginText(keys.form)
        placement.form.forEachNamePiece { context.appendText($0) }
        context.endText()
        // The rule as written (`symbols-not-labels#rule-2`), in its parts.
        context.beginText(keys.rule)
        if let rule = placement.decision.rule {
            context.appendText(rule.slug)
            context.appendText("#rule-")
            context.appendText(rule.number)
        }
        context.endText()
    }

    /// Writes what an item's form shows (the keys of the `item` partial):
    /// its symbol (the id of its drawing in the page's sprite, marked in
    /// `sprite`) and badge, its title, value or control.
    func addParts(_ placement: ItemPlacement, sprite: inout PageSprite, to context: inout CompactContext.Builder) {
        let keys = prepared.keys
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
        var svg: SymbolLibrary.Symbol?
        if showsSymbol, let symbol = item.symbol { svg = symbols.symbol(symbol) }
        // A symbol the theme cannot draw falls back to the title, in words.
        let drawsTitle = showsTitle || (showsSymbol && svg == nil && !showsValue)
        let segmented = showsControl && item.kind == .segmented
        let custom = showsControl && item.kind != .segmented
        var verticalSymbol: SymbolLibrary.Symbol?
        if showsVertical, let symbol = item.symbol { verticalSymbol = symbols.symbol(symbol) }
        context.add(keys.bar, item.bar.rawValue)
        context.add(keys.kind, item.kind.rawValue)
        context.add(keys.label, item.title ?? item.id)
        if let svg { context.add(keys.symbol, sprite.draw(svg)) } else { context.add(keys.symbol, false) }
        context.add(keys.symbolName, item.symbol ?? "")
        if showsBadge, let badge = item.badge { context.add(keys.badge, Self.badgeText(badge)) } else { context.add(keys.badge, false) }
        context.add(keys.showsTitle, drawsTitle)
        if showsValue, let value = item.value { context.add(keys.value, value) } else { context.add(keys.value, false) }
        if segmented && !item.segments.isEmpty {
            context.object(keys.segmented) { object in
                object.list(keys.segments) { list in
                    for (index, label) in item.segments.enumerated() {
                        list.object(nil) { segment in
                            segment.add(keys.label, label)
                            segment.add(keys.selected, index == 0)
                        }
                    }
                }
            }
        } else {
            context.add(keys.segmented, false)
        }
        context.add(keys.custom, custom || (segmented && item.segments.isEmpty))
        context.add(keys.vertical, showsVertical)
        if let verticalSymbol { context.add(keys.verticalSymbol, sprite.draw(verticalSymbol)) } else { context.add(keys.verticalSymbol, false) }
    }

    /// Writes the system's overflow button, drawn in the column's last free
    /// slot, as an element of the column's list.
    private func addOverflowButton(_ overflow: OverflowSettings, sprite: inout PageSprite, to context: inout CompactContext.Builder) {
        let keys = prepared.keys
        let svg = prepared.overflowSymbol
        context.beginObject(nil)
        context.add(keys.id, "system-overflow")
        context.add(keys.place, Place.column.rawValue)
        context.add(keys.form, svg == nil ? FormPart.title.rawValue : FormPart.symbol.rawValue)
        context.add(keys.rule, overflow.rule?.description ?? "")
        addOverflowButtonParts(overflow, sprite: &sprite, to: &context)
        context.add(keys.pushesDown, false)
        context.add(keys.overflowButton, true)
        context.end()
    }

    /// Writes what the overflow button shows (the keys of the `item`
    /// partial): its symbol (marked in `sprite`), or its title.
    func addOverflowButtonParts(_ overflow: OverflowSettings, sprite: inout PageSprite, to context: inout CompactContext.Builder) {
        let keys = prepared.keys
        let svg = prepared.overflowSymbol
        context.add(keys.bar, "")
        context.add(keys.kind, "menu")
        context.add(keys.label, overflow.title)
        if let svg { context.add(keys.symbol, sprite.draw(svg)) } else { context.add(keys.symbol, false) }
        context.add(keys.symbolName, overflow.symbol)
        context.add(keys.badge, false)
        context.add(keys.showsTitle, svg == nil)
        context.add(keys.value, false)
        context.add(keys.segmented, false)
        context.add(keys.custom, false)
        context.add(keys.vertical, false)
        context.add(keys.verticalSymbol, false)
    }

    /// The id of the element holding the text alternative of the demo's
    /// `state`-th state, in a demo that switches between its states: its
    /// state's figure's screen (`_demo-2-alt-1`). Like every id a figure
    /// makes but its anchor (`_demo-2-caption`, `_demo-2-state-1`), it
    /// starts with `_`, which no heading's or question's anchor can.
    static func altID(demo: Int, state: Int) -> String {
        "_demo-\(demo)-alt-\(state)"
    }

    /// A badge as the system draws it: up to 99, then `99+`.
    static func badgeText(_ count: Int) -> String {
        count > 99 ? "99+" : String(count)
    }
}
