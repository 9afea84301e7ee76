/// The placement engine: decides where iPhone Duo puts each bar item, by the
/// rows of a `PlacementTable` (the first whose conditions match wins), then
/// lays the screen out on a device: the column's slots and overflow, the
/// bars at the top and bottom, and the height left to content.
///
/// Nothing of the decision table is written here: the rows, forms, places,
/// overflow button and advice all come from the table.
public struct PlacementEngine: Sendable {
    /// The decision table.
    public var table: PlacementTable {
        didSet { compiled = CompiledTable(table) }
    }
    /// The table made ready to apply.
    private(set) var compiled: CompiledTable

    /// Creates an engine for a table.
    public init(table: PlacementTable) {
        self.table = table
        self.compiled = CompiledTable(table)
    }

    /// The first row of the table that matches `item` on `device`, or nil.
    public func matchingRule(for item: BarItem, on device: Device) -> PlacementRule? {
        compiled.firstMatch(item, on: device).map { table.rules[$0] }
    }

    /// Whether some row of the table matches `item` on `device`.
    func hasMatchingRule(for item: BarItem, on device: Device) -> Bool {
        compiled.coversEveryItem || compiled.firstMatch(item, on: device) != nil
    }

    /// Where the table puts `item` on `device` and in what form, before the
    /// column's overflow is worked out; nil when no row matches.
    ///
    /// On a device with no column, a row that says `column` puts the item in
    /// the bars at the bottom: there is nowhere else for it.
    public func decide(_ item: BarItem, on device: Device) -> ItemPlacement? {
        guard let index = compiled.firstMatch(item, on: device) else { return nil }
        // The compiled row read where it lies: only the form is copied out.
        let rules = compiled.rules.span
        var place = rules[index].place(for: item.bar)
        let form = rules[index].forms[FormAvailability.mask(of: item)]
        if place == .column, device.column == nil { place = .bottom }
        return ItemPlacement(item: item, place: place, decidedPlace: place, form: form, decision: table.rules[index])
    }

    /// Every advice of the table that applies to `item` on `device`, in the
    /// table's order.
    public func advice(for item: BarItem, on device: Device) -> [AdviceNote] {
        var notes: [AdviceNote] = []
        appendAdvice(for: item, on: device, to: &notes)
        return notes
    }

    /// Appends every advice that applies to `item` on `device` to `notes`.
    private func appendAdvice(for item: BarItem, on device: Device, to notes: inout [AdviceNote]) {
        for index in compiled.matchingAdvice(item, on: device) {
            let advice = table.advice[index]
            notes.append(AdviceNote(id: advice.id, item: item.id, message: compiled.advice[index].message.message(for: item), rule: advice.rule))
        }
    }

    /// Lays `screen` out on `device`.
    ///
    /// The column holds, top to bottom, the back button, the navigation
    /// items, the toolbar items, and the tabs at the bottom, in
    /// `floor((height − status_bar) / slot)` slots. When they need more, the
    /// tabs and the back button keep their slots, the last free slot shows
    /// the overflow button, and the navigation and toolbar items that do not
    /// fit, the last first, move into the overflow menu (listed in the
    /// column's order), in the table's overflow form. The bar at the top
    /// exists only when some item is placed there, and so do the bars at the
    /// bottom; their heights are taken from the content area.
    public func layout(_ screen: Screen, on device: Device) -> ScreenLayout {
        layout(screen, on: device, withAdvice: true)
    }

    /// Lays `screen` out on `device`; the advice is left empty unless
    /// `withAdvice` (figures do not show it).
    func layout(_ screen: Screen, on device: Device, withAdvice: Bool) -> ScreenLayout {
        var placements: [ItemPlacement] = []
        placements.reserveCapacity((screen.back == nil ? 0 : 1) + screen.navigation.count + screen.toolbar.count + screen.tabs.count)
        var unplaced: [BarItem] = []
        var advice: [AdviceNote] = []
        var columnCount = 0
        var hasTop = false
        var hasBottom = false

        func add(_ item: BarItem) {
            if let placement = decide(item, on: device) {
                switch placement.place {
                case .column: columnCount += 1
                case .top: hasTop = true
                case .bottom: hasBottom = true
                case .overflow: break
                }
                placements.append(placement)
            } else {
                unplaced.append(item)
            }
            if withAdvice { appendAdvice(for: item, on: device, to: &advice) }
        }
        if let back = screen.back { add(back) }
        for item in screen.navigation { add(item) }
        for item in screen.toolbar { add(item) }
        for item in screen.tabs { add(item) }

        // The column and its overflow.
        let slots = ScreenLayout.slots(on: device)
        var overflow: [String] = []
        var hasOverflowButton = false
        if device.column != nil, columnCount > slots {
            var keeping = 0
            for placement in placements where placement.place == .column && (placement.item.bar == .back || placement.item.bar == .tabs) {
                keeping += 1
            }
            let free = slots - keeping
            let fitting = max(0, free - 1)
            var movable = 0
            for index in placements.indices where placements[index].place == .column {
                let bar = placements[index].item.bar
                guard bar != .back, bar != .tabs else { continue }
                movable += 1
                guard movable > fitting else { continue }
                hasOverflowButton = true
                placements[index].place = .overflow
                placements[index].form = compiled.overflowForms[FormAvailability.mask(of: placements[index].item)]
                overflow.append(placements[index].item.id)
            }
        }

        let topBarHeight = hasTop ? device.topBar : 0
        // A device whose bottom bars have no height (iPhone Duo closed) still
        // needs room for an item a table puts there: a bar as high as the top one.
        let bottomBarHeight = hasBottom ? (device.bottomBar > 0 ? device.bottomBar : device.topBar) : 0
        let contentHeight = max(0, device.height - device.statusBar - topBarHeight - bottomBarHeight)
        let contentWidth = max(0, device.width - (device.column?.width ?? 0))
        return ScreenLayout(
            device: device, items: placements, unplaced: unplaced, slots: slots, hasOverflowButton: hasOverflowButton,
            overflow: overflow, topBarHeight: topBarHeight, bottomBarHeight: bottomBarHeight,
            contentHeight: contentHeight, contentWidth: contentWidth, advice: advice
        )
    }

    /// The named form resolved against `item`; a form the table lacks shows
    /// the item's title.
    func resolve(form name: String, for item: BarItem) -> ResolvedForm {
        table.forms[name]?.resolve(for: item) ?? ResolvedForm(parts: [.title])
    }

    /// The overflow menu's form when the table's is missing: what the item
    /// has of its symbol and title.
    static func symbolAndTitle(_ item: BarItem) -> ResolvedForm {
        let parts = [FormPart.symbol, .title].filter { $0.isAvailable(in: item) }
        return ResolvedForm(parts: parts.isEmpty ? [.title] : parts)
    }
}
