/// The placement engine: decides where iPhone Duo puts each bar item, by the
/// rows of a `PlacementTable` (the first whose conditions match wins), then
/// lays the screen out on a device: the column's slots and overflow, the
/// bars at the top and bottom, and the height left to content.
///
/// Nothing of the decision table is written here: the rows, forms, places,
/// overflow button and advice all come from the table.
public struct PlacementEngine: Sendable {
    /// The decision table.
    public var table: PlacementTable

    /// Creates an engine for a table.
    public init(table: PlacementTable) {
        self.table = table
    }

    /// The first row of the table that matches `item` on `device`, or nil.
    public func matchingRule(for item: BarItem, on device: Device) -> PlacementRule? {
        table.rules.first { $0.when.matches(item, on: device) }
    }

    /// Where the table puts `item` on `device` and in what form, before the
    /// column's overflow is worked out; nil when no row matches.
    ///
    /// On a device with no column, a row that says `column` puts the item in
    /// the bars at the bottom: there is nowhere else for it.
    public func decide(_ item: BarItem, on device: Device) -> ItemPlacement? {
        guard let rule = matchingRule(for: item, on: device) else { return nil }
        var place = table.place(named: rule.place, for: item.bar) ?? .top
        if place == .column, device.column == nil { place = .bottom }
        let form = resolve(form: rule.form, for: item)
        return ItemPlacement(item: item, place: place, decidedPlace: place, form: form, decision: rule)
    }

    /// Every advice of the table that applies to `item` on `device`, in the
    /// table's order.
    public func advice(for item: BarItem, on device: Device) -> [AdviceNote] {
        table.advice.filter { $0.when.matches(item, on: device) }.map { advice in
            AdviceNote(id: advice.id, item: item.id, message: advice.message(for: item), rule: advice.rule)
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
        var placements: [ItemPlacement] = []
        var unplaced: [BarItem] = []
        var advice: [AdviceNote] = []
        for item in screen.allItems {
            if let placement = decide(item, on: device) {
                placements.append(placement)
            } else {
                unplaced.append(item)
            }
            advice += self.advice(for: item, on: device)
        }

        // The column and its overflow.
        let slots = ScreenLayout.slots(on: device)
        var overflow: [String] = []
        var hasOverflowButton = false
        let columnIndices = placements.indices.filter { placements[$0].place == .column }
        if device.column != nil, columnIndices.count > slots {
            let keeping = columnIndices.filter { [Bar.back, .tabs].contains(placements[$0].item.bar) }
            let movable = columnIndices.filter { ![Bar.back, .tabs].contains(placements[$0].item.bar) }
            let free = slots - keeping.count
            let fitting = max(0, free - 1)
            let moving = movable.dropFirst(fitting)
            hasOverflowButton = !moving.isEmpty
            let overflowForm = table.forms[table.overflow.form]
            for index in moving {
                placements[index].place = .overflow
                placements[index].form = overflowForm?.resolve(for: placements[index].item) ?? Self.symbolAndTitle(placements[index].item)
                overflow.append(placements[index].item.id)
            }
        }

        let hasTop = placements.contains { $0.place == .top }
        let hasBottom = placements.contains { $0.place == .bottom }
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
