import Mustache

extension DemoContext {
    /// The most states a demo switches between: `figure.css` selects a
    /// state by its number, up to this one. A demo of more states is drawn
    /// as its states side by side, as in print.
    public static let switchableStates = 12

    /// Writes the `switch` member of a demo's context: the figure that
    /// switches between the demo's states with no script (docs/theme.md).
    ///
    /// It holds the radio group's name and one input per state, and one
    /// drawing in which each bar, the content and each item is one element
    /// whose box in every state is given as custom properties (`--x1`,
    /// `--y1`, `--w1`, `--h1`, `--x2` …, in points) from the engine's layout
    /// of that state (``FigureGeometry``); `shownIn` lists the states an
    /// element is shown in. An item has a face for each way it is drawn
    /// (its place, form and rule, with what they show), each shown in its
    /// own states.
    func addSwitch(_ demo: Demo, number: Int, layouts: [ScreenLayout], device figureDevice: DeviceFigure,
                   overflow: OverflowSettings, sprite: inout PageSprite, to context: inout CompactContext.Builder) {
        let keys = prepared.keys
        let geometries = layouts.map(FigureGeometry.init)
        // The radio group's name, and the start of the figure's ids.
        let group = "_demo-\(number)"
        context.beginObject(keys.switch)
        context.add(keys.group, group)
        context.add(keys.caption, demo.caption)
        context.add(keys.deviceName, figureDevice.device.name)
        context.add(keys.device, figureDevice.device.id)
        context.add(keys.edge, figureDevice.edge)
        context.add(keys.time, "9:41")
        context.add(keys.title, demo.title)
        Self.addPositions(geometries.map(\.content), as: keys.contentStyle, to: &context)
        Self.addShownIn(geometries.map { _ in true }, as: keys.shownIn, to: &context)

        context.beginList(keys.states)
        for (index, state) in demo.states.enumerated() {
            context.beginObject(nil)
            context.add(keys.name, state.name)
            context.add(keys.caption, state.caption)
            context.add(keys.number, index + 1)
            context.add(keys.inputId, "\(group)-state-\(index + 1)")
            context.add(keys.checked, index == 0)
            context.add(keys.altId, Self.altID(demo: number, state: index + 1))
            context.end()
        }
        context.end()

        context.beginList(keys.regions)
        for (place, name) in [(Place.top, "top-bar"), (.column, "column"), (.bottom, "bottom-bar"), (.overflow, "menu")] {
            let boxes = geometries.map { $0.regions[place] }
            guard boxes.contains(where: { $0 != nil }) else { continue }
            context.beginObject(nil)
            context.add(keys.name, name)
            context.add(keys.bar, place.rawValue)
            Self.addPositions(boxes, as: keys.style, to: &context)
            Self.addShownIn(boxes.map { $0 != nil }, as: keys.shownIn, to: &context)
            if place == .overflow { context.add(keys.heading, overflow.title) } else { context.add(keys.heading, false) }
            context.end()
        }
        context.end()

        // Each drawn item once, in the engine's order (back, navigation,
        // toolbar, tabs), the overflow button last.
        var ids: [String] = []
        for layout in layouts {
            for placement in layout.items where !ids.contains(placement.item.id) { ids.append(placement.item.id) }
        }
        ids.append("system-overflow")
        context.beginList(keys.items)
        for id in ids {
            let drawn = geometries.map { geometry in geometry.items.first { $0.id == id } }
            guard drawn.contains(where: { $0 != nil }) else { continue }
            context.beginObject(nil)
            context.add(keys.id, id)
            Self.addPositions(drawn.map { $0?.box }, as: keys.style, to: &context)
            Self.addShownIn(drawn.map { $0 != nil }, as: keys.shownIn, to: &context)
            addFaces(drawn, overflow: overflow, sprite: &sprite, to: &context)
            context.end()
        }
        context.end()
        context.end()
    }

    /// Writes an item's faces: one for each distinct way it is drawn across
    /// the states, with the engine's values and what it shows.
    private func addFaces(_ drawn: [FigureGeometry.Item?], overflow: OverflowSettings, sprite: inout PageSprite, to context: inout CompactContext.Builder) {
        let keys = prepared.keys
        // The faces by what tells them apart, in the order first drawn, each with its states.
        var faces: [(item: FigureGeometry.Item, states: [Bool])] = []
        for (index, item) in drawn.enumerated() {
            guard let item else { continue }
            if let existing = faces.firstIndex(where: { Self.drawnAlike($0.item, item) }) {
                faces[existing].states[index] = true
            } else {
                var states = drawn.map { _ in false }
                states[index] = true
                faces.append((item, states))
            }
        }
        context.beginList(keys.faces)
        for face in faces {
            context.beginObject(nil)
            Self.addShownIn(face.states, as: keys.shownIn, to: &context)
            context.add(keys.menuRow, face.item.place == .overflow)
            if let placement = face.item.placement {
                addEngineValues(placement, to: &context)
                addParts(placement, sprite: &sprite, to: &context)
                context.add(keys.overflowButton, false)
            } else {
                context.add(keys.place, Place.column.rawValue)
                context.add(keys.form, prepared.overflowSymbol == nil ? FormPart.title.rawValue : FormPart.symbol.rawValue)
                context.add(keys.rule, overflow.rule?.description ?? "")
                addOverflowButtonParts(overflow, sprite: &sprite, to: &context)
                context.add(keys.overflowButton, true)
            }
            context.end()
        }
        context.end()
    }

    /// Whether an item is drawn alike in two states: in the same place, in
    /// the same form by the same rule, showing the same values.
    static func drawnAlike(_ a: FigureGeometry.Item, _ b: FigureGeometry.Item) -> Bool {
        guard let first = a.placement, let second = b.placement else { return a.placement == nil && b.placement == nil }
        guard first.place == second.place, first.form == second.form, first.badge == second.badge,
              first.decision.rule?.slug == second.decision.rule?.slug, first.decision.rule?.number == second.decision.rule?.number
        else { return false }
        let one = first.item, other = second.item
        return one.title == other.title && one.symbol == other.symbol && one.value == other.value
            && one.kind == other.kind && one.segments == other.segments
    }

    /// Writes the states an element is shown in, by number (`1 3`), as the
    /// text `key`: empty when it is shown in every state.
    static func addShownIn(_ states: [Bool], as key: ContextKey, to context: inout CompactContext.Builder) {
        context.beginText(key)
        guard states.contains(false) else { return context.endText() }
        var first = true
        for index in states.indices where states[index] {
            if !first { context.appendText(" ") }
            context.appendText(index + 1)
            first = false
        }
        context.endText()
    }

    /// Writes an element's box in each state as custom properties in
    /// points, as the text `key`: `--x1:366;--y1:54;--w1:64;--h1:56;--y2:110`.
    /// State 1's box is written whole; in another state, only what differs
    /// from it (`figure.css` takes state 1's for the rest). A state the
    /// element is not drawn in takes the box of the nearest state before it
    /// that draws it (or after it), so that it fades where it was.
    static func addPositions(_ boxes: [FigureBox?], as key: ContextKey?, to context: inout CompactContext.Builder) {
        context.beginText(key)
        var first: SIMD4<Int>?
        for index in boxes.indices {
            let before = boxes[..<index].lastIndex { $0 != nil }
            let after = boxes[index...].firstIndex { $0 != nil }
            guard let box = boxes[index] ?? before.flatMap({ boxes[$0] }) ?? after.flatMap({ boxes[$0] }) else { continue }
            // Each length as written, in hundredths of a point.
            let lengths = SIMD4<Int>(Int((box.x * 100).rounded()), Int((box.y * 100).rounded()),
                                     Int((box.width * 100).rounded()), Int((box.height * 100).rounded()))
            for part in 0..<4 where first.map({ $0[part] != lengths[part] }) ?? true {
                if first != nil || part > 0 { context.appendText(";") }
                context.appendText(positionNames[part])
                context.appendText(index + 1)
                context.appendText(":")
                appendHundredths(lengths[part], to: &context)
            }
            if first == nil { first = lengths }
        }
        context.endText()
    }

    /// The names of a box's custom properties, before the state's number.
    private static let positionNames = ["--x", "--y", "--w", "--h"]

    /// Appends a length in points to two decimals, with no trailing zeros.
    static func appendNumber(_ value: Double, to context: inout CompactContext.Builder) {
        appendHundredths(Int((value * 100).rounded()), to: &context)
    }

    /// Appends a length given in hundredths of a point, in points to two
    /// decimals, with no trailing zeros.
    static func appendHundredths(_ signed: Int, to context: inout CompactContext.Builder) {
        let hundredths = abs(signed)
        if signed < 0 { context.appendText("-") }
        context.appendText(hundredths / 100)
        let fraction = hundredths % 100
        if fraction == 0 { return }
        context.appendText(".")
        if fraction % 10 == 0 {
            context.appendText(fraction / 10)
        } else {
            if fraction < 10 { context.appendText("0") }
            context.appendText(fraction)
        }
    }

    /// A length in points as ``appendNumber(_:to:)`` writes it.
    static func number(_ value: Double) -> String {
        var context = CompactContext.Builder()
        context.beginText(nil)
        appendNumber(value, to: &context)
        context.endText()
        return context.finish().value.text
    }
}
