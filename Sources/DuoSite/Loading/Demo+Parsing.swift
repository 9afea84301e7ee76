import Diagnostics
import YAML

/// Reads a demo block's YAML into a `Demo`, checking its shape: its keys,
/// its bars and items, their fields and kinds, and each state's changes.
/// Whether the device, symbols and placements are right is for the checks
/// that know devices.yml, the theme and placement.yml.
struct DemoParser {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    static let demoKeys = ["device", "caption", "screen", "states"]
    static let screenKeys = ["back", "title", "navigation", "toolbar", "tabs"]
    static let stateKeys = ["name", "caption", "change"]

    /// An item's fields as written (those with a text key), in a list with
    /// room for them all from the start.
    static func fields(of pairs: YAMLNode.Pairs) -> [(key: String, keyMark: Mark, value: YAMLNode)] {
        var fields: [(key: String, keyMark: Mark, value: YAMLNode)] = []
        fields.reserveCapacity(pairs.count + 1)
        for pair in pairs {
            if let key = pair.key.string { fields.append((key: key, keyMark: pair.key.mark, value: pair.value)) }
        }
        return fields
    }

    /// The item as written: its fields in order, before any state's changes.
    private struct ItemSource {
        var bar: Bar
        var fields: [(key: String, keyMark: Mark, value: YAMLNode)]
        var mark: Mark
    }

    /// Whether `key` is one of `known`: compared as bytes where it lies,
    /// and only when it is not, as a string (which would find a key written
    /// with other code points for the same text).
    private static func isKey(_ key: YAMLNode, in known: [String]) -> Bool {
        key.isScalar(in: known) || known.contains(key.string ?? "")
    }

    init(file: String) {
        self.file = file
    }

    /// How a demo block left open is mended.
    private static let closeIt = "end it with a line of ``` under its last line"

    /// The index of the first line of `yaml` that starts, after its
    /// indentation, with three backticks or tildes: a code fence, which no
    /// YAML line can start with.
    static func firstFenceLine(in yaml: String) -> Int? {
        for (index, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if text.hasPrefix("```") || text.hasPrefix("~~~") { return index }
        }
        return nil
    }

    private func location(_ mark: Mark) -> SourceLocation {
        SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, _ mark: Mark) {
        diagnostics.append(Diagnostic(code, message, at: location(mark)))
    }

    private mutating func report(_ message: String, _ mark: Mark) {
        report(.invalidDemo, message, mark)
    }

    /// Parses the YAML of a demo block whose first line is `firstLine` of
    /// the page, its lines indented to `firstColumn` (a demo in a list item);
    /// `fence` is where the block opens; `closed` is false when no fence
    /// closes it, and it has taken in the rest of its container.
    mutating func parse(_ yaml: String, firstLine: Int, firstColumn: Int = 1, fence: SourceLocation, closed: Bool = true) -> Demo? {
        // Unclosed, its YAML's errors would point past the mistake, not at it.
        guard closed else {
            diagnostics.append(Diagnostic(.invalidDemo, "the demo block opened here is never closed, so everything after it is read as its YAML; \(Self.closeIt)", at: fence))
            return nil
        }
        let root: YAMLNode
        switch YAMLDocument.parse(yaml, file: file, firstLine: firstLine, firstColumn: firstColumn, subject: "the demo's YAML") {
        case .failure(let diagnostic):
            // A fence inside is where the block should have ended: a closing
            // fence left out, the block ran on to the next block's.
            if let offset = Self.firstFenceLine(in: yaml) {
                diagnostics.append(Diagnostic(.invalidDemo, "the demo block opened here is not closed before line \(firstLine + offset), where another code block's fence stands; \(Self.closeIt)", at: fence))
            } else {
                diagnostics.append(Diagnostic(.invalidDemo, diagnostic.message, at: diagnostic.location))
            }
            return nil
        case .success(nil):
            diagnostics.append(Diagnostic(.invalidDemo, "the demo block is empty; give it a device, a screen and its states", at: fence))
            return nil
        case .success(let node?):
            root = node
        }
        guard let pairs = root.pairs else {
            report("a demo is a map with device, caption, screen and states, not \(root.shapeDescription)", root.mark)
            return nil
        }
        for pair in pairs where !Self.isKey(pair.key, in: Self.demoKeys) {
            report(.invalidDemo, unknownKeyMessage(pair.key.string ?? "", known: Self.demoKeys, in: "a demo"), pair.key.mark)
        }

        var device = Located("", at: fence)
        if let node = root["device"], let id = node.string, !node.isNull {
            device = Located(id, at: location(node.mark))
        } else {
            report("the demo needs a 'device': an id from devices.yml, like duo-closed-portrait", root["device"]?.mark ?? root.mark)
        }
        let caption = text(root["caption"], key: "caption")

        guard let screenNode = root["screen"], screenNode.pairs != nil else {
            report("the demo needs a 'screen': a map with back, title, navigation, toolbar and tabs", root["screen"]?.mark ?? root.mark)
            return nil
        }
        for pair in screenNode.pairs ?? [] where !Self.isKey(pair.key, in: Self.screenKeys) {
            report(unknownKeyMessage(pair.key.string ?? "", known: Self.screenKeys, in: "a screen"), pair.key.mark)
        }
        let title = text(screenNode["title"], key: "title")

        var sources: [ItemSource] = []
        sources.reserveCapacity(16)
        if let back = screenNode["back"], !back.isNull {
            if back.string != nil {
                let fields: [(key: String, keyMark: Mark, value: YAMLNode)] = [("id", back.mark, YAMLNode(.scalar("back", .plain), mark: back.mark)), ("title", back.mark, back)]
                sources.append(ItemSource(bar: .back, fields: fields, mark: back.mark))
            } else if let pairs = back.pairs {
                var fields = Self.fields(of: pairs)
                fields.removeAll { $0.key == "id" }
                fields.insert(("id", back.mark, YAMLNode(.scalar("back", .plain), mark: back.mark)), at: 0)
                sources.append(ItemSource(bar: .back, fields: fields, mark: back.mark))
            } else {
                report("'back' is the back button's title, or a map of its fields", back.mark)
            }
        }
        for bar in [Bar.navigation, .toolbar, .tabs] {
            guard let list = screenNode[bar.rawValue], !list.isNull else { continue }
            guard let elements = list.elements else {
                report("'\(bar.rawValue)' should be a list of items, each a map like {title: Share, symbol: square.and.arrow.up}", list.mark)
                continue
            }
            for element in elements {
                guard let pairs = element.pairs else {
                    report("an item of '\(bar.rawValue)' should be a map like {title: Share, symbol: square.and.arrow.up}, not \(element.shapeDescription)", element.mark)
                    continue
                }
                let fields = Self.fields(of: pairs)
                sources.append(ItemSource(bar: bar, fields: fields, mark: element.mark))
            }
        }

        // The items as written; their problems are reported once, here.
        var baseItems: [BarItem] = []
        baseItems.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            var itemDiagnostics: [Diagnostic] = []
            let item = makeItem(source, index: index, diagnostics: &itemDiagnostics)
            diagnostics += itemDiagnostics
            // A screen has a dozen items: searched in order rather than hashed.
            if let earlier = baseItems.firstIndex(where: { $0.id == item.id }) {
                report("two items have the id '\(item.id)' (the first at line \(sources[earlier].mark.line)); give one an 'id' of its own", source.mark)
            }
            baseItems.append(item)
        }

        var states: [DemoState] = []
        if let statesNode = root["states"], !statesNode.isNull {
            if let elements = statesNode.elements, !elements.isEmpty {
                states.reserveCapacity(elements.count)
                for element in elements {
                    if let state = parseState(element, sources: sources, baseItems: baseItems) {
                        states.append(state)
                    }
                }
            } else {
                report("'states' should be a list of states, each with a name and a caption", statesNode.mark)
            }
        } else {
            states.append(DemoState(name: title ?? "Screen", caption: nil, screen: screen(baseItems), location: location(root.mark), isWritten: false))
        }
        return Demo(device: device, caption: caption, title: title, states: states, location: location(root.mark))
    }

    private mutating func parseState(_ node: YAMLNode, sources: [ItemSource], baseItems: [BarItem]) -> DemoState? {
        guard node.pairs != nil else {
            report("a state should be a map with a name, a caption and a change, not \(node.shapeDescription)", node.mark)
            return nil
        }
        for pair in node.pairs ?? [] where !Self.isKey(pair.key, in: Self.stateKeys) {
            report(unknownKeyMessage(pair.key.string ?? "", known: Self.stateKeys, in: "a state"), pair.key.mark)
        }
        guard let name = text(node["name"], key: "name"), !name.isEmpty else {
            report("a state needs a 'name', shown with its figure", node.mark)
            return nil
        }
        let caption = text(node["caption"], key: "caption")
        var items = baseItems
        if let change = node["change"], !change.isNull {
            guard let pairs = change.pairs else {
                report("'change' should be a map from item id to the fields that change", change.mark)
                return nil
            }
            for pair in pairs {
                let id = pair.key.string ?? ""
                guard let index = items.firstIndex(where: { $0.id == id }) else {
                    let known = items.map { $0.id }
                    var message = "the state changes '\(id)', but the screen has no item with that id"
                    if let suggestion = Suggestion.nearest(to: id, in: known) { message += "; did you mean '\(suggestion)'?" }
                    report(message, pair.key.mark)
                    continue
                }
                guard let changed = pair.value.pairs else {
                    report("the change of '\(id)' should be a map of fields, like {symbol: tray, value: null}", pair.value.mark)
                    continue
                }
                var source = sources[index]
                for field in changed {
                    guard let key = field.key.string else { continue }
                    if key == "id" {
                        report("a change cannot give an item a new id", field.key.mark)
                        continue
                    }
                    source.fields.removeAll { $0.key == key }
                    if !field.value.isNull {
                        source.fields.append((key, field.key.mark, field.value))
                    } else if !BarItem.fields.contains(key) {
                        report(.unknownField, unknownKeyMessage(key, known: BarItem.fields, in: "an item"), field.key.mark)
                    }
                }
                source.mark = pair.key.mark
                var itemDiagnostics: [Diagnostic] = []
                items[index] = makeItem(source, index: index, diagnostics: &itemDiagnostics)
                items[index].location = location(pair.key.mark)
                // Report only what this change introduced (a change has a few fields: no set is needed).
                if !itemDiagnostics.isEmpty {
                    let changedMarks = changed.map { $0.value.mark } + changed.map { $0.key.mark } + [pair.key.mark]
                    diagnostics += itemDiagnostics.filter { diagnostic in
                        changedMarks.contains(Mark(line: diagnostic.location.line, column: diagnostic.location.column))
                    }
                }
            }
        }
        return DemoState(name: name, caption: caption, screen: screen(items), location: location(node.mark))
    }

    /// The screen of `items`, each in its bar, in one pass (a screen has a
    /// dozen items: each bar's list has room for them all from the start).
    private func screen(_ items: [BarItem]) -> Screen {
        var back: BarItem?
        var navigation: [BarItem] = [], toolbar: [BarItem] = [], tabs: [BarItem] = []
        navigation.reserveCapacity(items.count)
        toolbar.reserveCapacity(items.count)
        tabs.reserveCapacity(items.count)
        for item in items {
            switch item.bar {
            case .back: if back == nil { back = item }
            case .navigation: navigation.append(item)
            case .toolbar: toolbar.append(item)
            case .tabs: tabs.append(item)
            }
        }
        return Screen(back: back, navigation: navigation, toolbar: toolbar, tabs: tabs)
    }

    private func makeItem(_ source: ItemSource, index: Int, diagnostics: inout [Diagnostic]) -> BarItem {
        func report(_ code: DiagnosticCode, _ message: String, _ mark: Mark) {
            diagnostics.append(Diagnostic(code, message, at: location(mark)))
        }
        func report(_ message: String, _ mark: Mark) {
            report(.invalidDemo, message, mark)
        }
        var item = BarItem(
            id: "", bar: source.bar, title: nil, symbol: nil, value: nil, badge: nil, kind: .button,
            segments: [], entries: [], vertical: false, keepHorizontal: false, switches: false,
            location: location(source.mark), symbolLocation: nil
        )
        var explicitID: String?
        func scalar(_ key: String, _ node: YAMLNode) -> String? {
            guard let text = node.string, !node.isNull else {
                report("'\(key)' should be text, not \(node.shapeDescription)", node.mark)
                return nil
            }
            return text
        }
        func flag(_ key: String, _ node: YAMLNode) -> Bool {
            guard let value = node.bool else {
                report("'\(key)' should be true or false", node.mark)
                return false
            }
            return value
        }
        func list(_ key: String, _ node: YAMLNode) -> [String] {
            guard let elements = node.elements, elements.allSatisfy({ $0.string != nil && !$0.isNull }) else {
                report("'\(key)' should be a list of text, like [List, Grid]", node.mark)
                return []
            }
            return elements.compactMap(\.string)
        }
        for (key, keyMark, node) in source.fields {
            switch key {
            case "id": explicitID = scalar(key, node)
            case "title": item.title = scalar(key, node)
            case "symbol":
                item.symbol = scalar(key, node)
                item.symbolLocation = location(node.mark)
            case "value": item.value = scalar(key, node)
            case "badge":
                if let count = node.int, count >= 0 {
                    item.badge = count
                } else {
                    report("'badge' should be a count: a whole number, like 12", node.mark)
                }
            case "kind":
                if let text = scalar(key, node) {
                    if let kind = BarItem.Kind(rawValue: text) {
                        item.kind = kind
                    } else {
                        report("unknown kind '\(text)'; an item's kind is one of \(BarItem.Kind.allCases.map(\.rawValue).joined(separator: ", "))", node.mark)
                    }
                }
            case "segments": item.segments = list(key, node)
            case "entries": item.entries = list(key, node)
            case "vertical": item.vertical = flag(key, node)
            case "keep-horizontal": item.keepHorizontal = flag(key, node)
            case "switches": item.switches = flag(key, node)
            default:
                report(.unknownField, unknownKeyMessage(key, known: BarItem.fields, in: "an item"), keyMark)
            }
        }
        if item.bar == .back, item.symbol == nil {
            item.symbol = "chevron.backward"
        }
        item.id = explicitID ?? item.title.flatMap(Slug.make) ?? item.symbol.flatMap(Slug.make) ?? "item-\(index + 1)"
        if item.title == nil, item.symbol == nil, item.value == nil, item.segments.isEmpty {
            report("the item '\(item.id)' has no title, symbol or value, so its figure could show only its id; give it a title, and a symbol where it has one", source.mark)
        }
        if item.badge != nil, item.symbol == nil {
            report("'\(item.id)' has a badge but no symbol; the system badge is drawn on a symbol", source.mark)
        }
        if item.kind == .segmented, item.segments.isEmpty {
            report("'\(item.id)' is a segmented control with no 'segments'", source.mark)
        }
        if item.kind == .menu, item.entries.isEmpty {
            report("'\(item.id)' is a menu with no 'entries'", source.mark)
        }
        return item
    }

    private mutating func text(_ node: YAMLNode?, key: String) -> String? {
        guard let node, !node.isNull else { return nil }
        guard let text = node.string else {
            report("'\(key)' should be text, not \(node.shapeDescription)", node.mark)
            return nil
        }
        return text
    }

    private func unknownKeyMessage(_ key: String, known: [String], in subject: String) -> String {
        var message = "unknown field '\(key)' in \(subject)"
        if let suggestion = Suggestion.nearest(to: key, in: known) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += "; it may have \(known.joined(separator: ", "))"
        }
        return message
    }
}
