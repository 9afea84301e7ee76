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
    func addSwitch(_ demo: Demo, number: Int, layouts: [ScreenLayout], alts: [String], device figureDevice: DeviceFigure,
                   overflow: OverflowSettings, to context: inout CompactContext.Builder) {
        let keys = prepared.keys
        let geometries = layouts.map(FigureGeometry.init)
        let group = "demo-\(number)"
        context.beginObject(keys.switch)
        context.add(keys.group, group)
        context.add(keys.caption, demo.caption)
        context.add(keys.deviceName, figureDevice.device.name)
        context.add(keys.device, figureDevice.device.id)
        context.add(keys.edge, figureDevice.edge)
        context.add(keys.deviceStyle, figureDevice.deviceStyle)
        context.add(keys.screenStyle, "--status-bar: \(max(0, figureDevice.device.statusBar));")
        context.add(keys.time, "9:41")
        context.add(keys.title, demo.title)
        context.add(keys.contentStyle, Self.positions(geometries.map(\.content)))
        context.add(keys.shownIn, Self.shownIn(geometries.indices.map { _ in true }))

        context.beginList(keys.states)
        for (index, state) in demo.states.enumerated() {
            context.beginObject(nil)
            context.add(keys.name, state.name)
            context.add(keys.caption, state.caption)
            context.add(keys.number, index + 1)
            context.add(keys.inputId, "\(group)-state-\(index + 1)")
            context.add(keys.checked, index == 0)
            context.add(keys.alt, alts[index])
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
            context.add(keys.style, Self.positions(boxes))
            context.add(keys.shownIn, Self.shownIn(boxes.map { $0 != nil }))
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
            context.add(keys.style, Self.positions(drawn.map { $0?.box }))
            context.add(keys.shownIn, Self.shownIn(drawn.map { $0 != nil }))
            addFaces(drawn, overflow: overflow, to: &context)
            context.end()
        }
        context.end()
        context.end()
    }

    /// Writes an item's faces: one for each distinct way it is drawn across
    /// the states, with the engine's values and what it shows.
    private func addFaces(_ drawn: [FigureGeometry.Item?], overflow: OverflowSettings, to context: inout CompactContext.Builder) {
        let keys = prepared.keys
        // The faces by what tells them apart, in the order first drawn, each with its states.
        var faces: [(key: String, item: FigureGeometry.Item, states: [Bool])] = []
        for (index, item) in drawn.enumerated() {
            guard let item else { continue }
            let key = Self.faceKey(item)
            if let existing = faces.firstIndex(where: { $0.key == key }) {
                faces[existing].states[index] = true
            } else {
                var states = drawn.map { _ in false }
                states[index] = true
                faces.append((key, item, states))
            }
        }
        context.beginList(keys.faces)
        for face in faces {
            context.beginObject(nil)
            context.add(keys.shownIn, Self.shownIn(face.states))
            context.add(keys.menuRow, face.item.place == .overflow)
            if let placement = face.item.placement {
                addEngineValues(placement, to: &context)
                addParts(placement, to: &context)
                context.add(keys.overflowButton, false)
            } else {
                context.add(keys.place, Place.column.rawValue)
                context.add(keys.form, prepared.overflowSymbol == nil ? FormPart.title.rawValue : FormPart.symbol.rawValue)
                context.add(keys.rule, overflow.rule?.description ?? "")
                addOverflowButtonParts(overflow, to: &context)
                context.add(keys.overflowButton, true)
            }
            context.end()
        }
        context.end()
    }

    /// What tells two faces of an item apart: where it is, its form, the
    /// rule, and the values its form shows.
    static func faceKey(_ item: FigureGeometry.Item) -> String {
        guard let placement = item.placement else { return "system-overflow" }
        let shown = placement.item
        var key = placement.place.rawValue + "\u{1}" + placement.form.name + "\u{1}"
        key += (placement.decision.rule?.description ?? "") + "\u{1}" + (shown.title ?? "") + "\u{1}"
        key += (shown.symbol ?? "") + "\u{1}" + (shown.value ?? "") + "\u{1}" + (placement.badge.map(String.init) ?? "")
        key += "\u{1}" + shown.segments.joined(separator: "\u{2}")
        return key
    }

    /// The states an element is shown in, by number: `1 3`.
    static func shownIn(_ states: [Bool]) -> String {
        states.indices.filter { states[$0] }.map { String($0 + 1) }.joined(separator: " ")
    }

    /// An element's box in each state as custom properties, in points:
    /// `--x1: 366; --y1: 54; --w1: 64; --h1: 56; --x2: …`. A state the
    /// element is not drawn in takes the box of the nearest state before
    /// it that draws it (or after it), so that it fades where it was.
    static func positions(_ boxes: [FigureBox?]) -> String {
        var text = ""
        for index in boxes.indices {
            let before = boxes[..<index].lastIndex { $0 != nil }
            let after = boxes[index...].firstIndex { $0 != nil }
            guard let box = boxes[index] ?? before.flatMap({ boxes[$0] }) ?? after.flatMap({ boxes[$0] }) else { continue }
            let state = String(index + 1)
            if !text.isEmpty { text += " " }
            text += "--x\(state): \(number(box.x)); --y\(state): \(number(box.y)); "
            text += "--w\(state): \(number(box.width)); --h\(state): \(number(box.height));"
        }
        return text
    }

    /// A length in points to two decimals, with no trailing zeros.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
