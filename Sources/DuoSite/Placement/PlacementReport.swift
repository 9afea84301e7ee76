import Diagnostics

/// What `duosite place` prints: for people, each state's screen drawn in
/// the terminal with a list of item → place, form and rule, and the advice;
/// for scripts, one JSON document.
public enum PlacementReport {
    /// The JSON document:
    /// `{"demos": [{"line", "device", "states": [{"name", "items": [{"id", "title",
    /// "bar", "place", "form", "badge", "rule"}], "overflow": [ids], "top_bar",
    /// "content_height", "advice": [{"id", "item", "message", "rule"}]}]}]}`.
    public static func json(_ demos: [PlacedDemo]) -> String {
        func string(_ text: String?) -> String { text.map(JSON.string) ?? "null" }
        func list(_ items: [String], indent: String) -> String {
            items.isEmpty ? "[]" : "[\n" + items.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
        }
        let demoTexts = demos.map { demo -> String in
            let states = demo.states.map { placed -> String in
                let layout = placed.layout
                let items = layout.items.map { placement -> String in
                    let item = placement.item
                    return "{\"id\": \(string(item.id)), \"title\": \(string(item.title)), \"bar\": \(string(item.bar.rawValue)), \"place\": \(string(placement.place.rawValue)), \"form\": \(string(placement.form.name)), \"badge\": \(placement.badge.map(String.init) ?? "null"), \"rule\": \(string(placement.rule?.description))}"
                }
                let advice = layout.advice.map { note in
                    "{\"id\": \(string(note.id)), \"item\": \(string(note.item)), \"message\": \(string(note.message)), \"rule\": \(string(note.rule?.description))}"
                }
                let overflow = "[" + layout.overflow.map(JSON.string).joined(separator: ", ") + "]"
                let indent = "          "
                return "{\n" + indent + "\"name\": \(string(placed.state.name)),\n"
                    + indent + "\"items\": " + list(items, indent: indent) + ",\n"
                    + indent + "\"overflow\": \(overflow),\n"
                    + indent + "\"top_bar\": \(layout.hasTopBar),\n"
                    + indent + "\"content_height\": \(layout.contentHeight),\n"
                    + indent + "\"advice\": " + list(advice, indent: indent) + "\n"
                    + "        }"
            }
            return "{\n      \"line\": \(demo.line),\n      \"device\": \(string(demo.device.id)),\n      \"states\": "
                + (states.isEmpty ? "[]" : "[\n        " + states.joined(separator: ",\n        ") + "\n      ]")
                + "\n    }"
        }
        return "{\n  \"demos\": " + (demoTexts.isEmpty ? "[]" : "[\n    " + demoTexts.joined(separator: ",\n    ") + "\n  ]") + "\n}\n"
    }

    /// The text report of one demo: each state's sketch, its items and its advice.
    public static func text(_ demo: PlacedDemo, file: String, overflowTitle: String) -> String {
        let device = demo.device
        var lines: [String] = []
        var heading = "\(file):\(demo.line): demo on \(device.id) (\(device.name), \(device.width) × \(device.height))"
        if demo.device.id != demo.demo.device.value { heading += ", instead of \(demo.demo.device.value)" }
        lines.append(heading)
        if let caption = demo.demo.caption { lines.append(caption) }
        for (index, placed) in demo.states.enumerated() {
            let layout = placed.layout
            lines.append("")
            var title = "State \(index + 1) of \(demo.states.count): \(placed.state.name)"
            if let caption = placed.state.caption { title += ". " + caption }
            lines.append(title)
            lines += ScreenSketch(layout: layout, title: demo.demo.title, overflowTitle: overflowTitle).lines()
            var summary = layout.hasTopBar ? "Top bar: yes (\(layout.topBarHeight) pt)" : "Top bar: no"
            if device.column != nil {
                summary += " · column: \(layout.items(in: .column).count + (layout.hasOverflowButton ? 1 : 0)) of \(layout.slots) slots"
            }
            if layout.hasBottomBar { summary += " · bottom bars: \(layout.bottomBarHeight) pt" }
            summary += " · content: \(layout.contentHeight) of \(device.height) pt high"
            lines.append(summary)

            let header = ["item", "bar", "place", "form", "badge", "rule"]
            var rows = layout.items.map { placement -> [String] in
                [placement.item.id, placement.item.bar.rawValue, placement.place.rawValue, placement.form.name,
                 placement.badge.map(String.init) ?? "",
                 placement.rule?.description ?? placement.decision.because.map { "(\($0))" } ?? "(row \(placement.decision.id))"]
            }
            rows += layout.unplaced.map { [$0.id, $0.bar.rawValue, "-", "-", "", "(no row of the table matches)"] }
            lines += table([header] + rows).map { "  " + $0 }
            if layout.advice.isEmpty {
                lines.append("Advice: none")
            } else {
                lines.append("Advice:")
                for note in layout.advice {
                    lines.append("  - \(note.item): \(note.message)" + (note.rule.map { " [\($0)]" } ?? ""))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rows aligned in columns, trailing spaces removed.
    static func table(_ rows: [[String]]) -> [String] {
        guard let count = rows.map(\.count).max() else { return [] }
        var widths = Array(repeating: 0, count: count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                line += index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
