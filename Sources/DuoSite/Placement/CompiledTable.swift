/// A `PlacementTable` made ready to apply to many items: each condition's
/// field name turned into an enum case; each row's place worked out for
/// each bar and its form for
/// each combination of the parts an item has; each advice message split
/// into text and fields. Applying it gives exactly what applying the table
/// row by row gives, without comparing names or looking them up per item.
struct CompiledTable: Sendable {
    /// One compiled row per row of the table, in the same order.
    var rules: [CompiledRule]
    /// Every row's and every advice's conditions.
    var conditions: ConditionProgram
    /// The conditions of each row, in the same order: a node of `conditions`.
    var ruleConditions: [Int]
    /// The conditions of each advice, in the same order: a node of `conditions`.
    var adviceConditions: [Int]
    /// One compiled advice per advice of the table, in the same order.
    var advice: [CompiledAdvice]
    /// The overflow menu's form, by the parts an item has (`FormAvailability`).
    var overflowForms: [ResolvedForm]
    /// Whether every item on every device matches some row
    /// (`RuleReachability.coversEveryItem`), as most tables' last rows see
    /// to: then whether an item has a row is known without trying the rows.
    var coversEveryItem: Bool

    init(_ table: PlacementTable) {
        var conditions = ConditionProgram()
        ruleConditions = table.rules.map { conditions.add($0.when) }
        adviceConditions = table.advice.map { conditions.add($0.when) }
        self.conditions = conditions
        rules = table.rules.map { rule in
            let places = Bar.allCases.map { bar in table.place(named: rule.place, for: bar) ?? .top }
            let form = table.forms[rule.form]
            let forms = FormAvailability.all.map { mask in
                form?.resolve(parts: mask) ?? ResolvedForm(parts: [.title])
            }
            return CompiledRule(places: places, forms: forms)
        }
        advice = table.advice.map { advice in
            CompiledAdvice(message: MessageTemplate(advice.message))
        }
        coversEveryItem = RuleReachability.coversEveryItem(table.rules)
        let overflowForm = table.forms[table.overflow.form]
        overflowForms = FormAvailability.all.map { mask in
            overflowForm?.resolve(parts: mask) ?? PlacementEngine.symbolAndTitle(parts: mask)
        }
    }

    /// The index of the first row that matches `item` on `device`, or nil.
    func firstMatch(_ item: BarItem, on device: Device) -> Int? {
        conditions.firstMatch(among: ruleConditions.span, item, on: device)
    }

    /// The indices of the advice that applies to `item` on `device`, in the table's order.
    func matchingAdvice(_ item: BarItem, on device: Device) -> [Int] {
        conditions.matches(among: adviceConditions.span, item, on: device)
    }
}

/// A compiled row: its place for each bar (in `Bar.allCases` order) and
/// its form for each combination of parts (its conditions are in the
/// table's `ConditionProgram`).
struct CompiledRule: Sendable {
    var places: [Place]
    var forms: [ResolvedForm]

    /// The row's place for an item in `bar`.
    func place(for bar: Bar) -> Place {
        switch bar {
        case .back: return places[0]
        case .navigation: return places[1]
        case .toolbar: return places[2]
        case .tabs: return places[3]
        }
    }
}

/// A compiled advice: its message (its conditions are in the table's
/// `ConditionProgram`).
struct CompiledAdvice: Sendable {
    var message: MessageTemplate
}

/// The parts of a form an item has, as bits: what `FormPart.isAvailable`
/// says of each part, which is all a form's resolution depends on.
enum FormAvailability {
    /// Every combination of parts, from 0.
    static let all: [Int] = Array(0..<(1 << FormPart.allCases.count))

    /// The bit of a part.
    @inline(__always)
    static func bit(_ part: FormPart) -> Int {
        switch part {
        case .symbol: return 1
        case .title: return 2
        case .value: return 4
        case .badge: return 8
        case .control: return 16
        case .vertical: return 32
        }
    }

    /// The parts `item` has, as bits.
    @inline(__always)
    static func mask(of item: BarItem) -> Int {
        var mask = 0
        if item.symbol != nil {
            mask |= 1
            if item.badge != nil { mask |= 8 }
        }
        if item.title != nil { mask |= 2 }
        if item.value != nil { mask |= 4 }
        switch item.kind {
        case .segmented: mask |= 16
        case .custom:
            mask |= 16
            if item.vertical { mask |= 32 }
        case .button, .edit, .menu: break
        }
        return mask
    }
}

extension FormDefinition {
    /// The form resolved for an item that has the parts of `mask`: what
    /// `resolve(for:)` gives for such an item.
    func resolve(parts mask: Int) -> ResolvedForm {
        for alternative in alternatives {
            var shown: [FormPart] = []
            var fits = true
            for (part, optional) in alternative.parts {
                if mask & FormAvailability.bit(part) != 0 {
                    shown.append(part)
                } else if !optional {
                    fits = false
                    break
                }
            }
            if fits { return ResolvedForm(parts: shown) }
        }
        return ResolvedForm(parts: [.title])
    }
}

extension PlacementEngine {
    /// `symbolAndTitle(_:)` for an item that has the parts of `mask`.
    static func symbolAndTitle(parts mask: Int) -> ResolvedForm {
        let parts = [FormPart.symbol, .title].filter { mask & FormAvailability.bit($0) != 0 }
        return ResolvedForm(parts: parts.isEmpty ? [.title] : parts)
    }
}

/// A field of an item, as conditions and messages name it.
enum ItemField: Sendable {
    case id, bar, title, symbol, value, badge, kind, segments, entries, vertical, keepHorizontal, switches
    /// A name `BarItem.field` does not know: never has a value.
    case unknown

    init(_ name: String) {
        switch name {
        case "id": self = .id
        case "bar": self = .bar
        case "title": self = .title
        case "symbol": self = .symbol
        case "value": self = .value
        case "badge": self = .badge
        case "kind": self = .kind
        case "segments": self = .segments
        case "entries": self = .entries
        case "vertical": self = .vertical
        case "keep-horizontal": self = .keepHorizontal
        case "switches": self = .switches
        default: self = .unknown
        }
    }

    /// What `item.field(name)` gives.
    @inline(__always)
    func value(of item: BarItem) -> FieldValue? {
        switch self {
        case .id: return .text(item.id)
        case .bar: return .text(item.bar.rawValue)
        case .title: return item.title.map(FieldValue.text)
        case .symbol: return item.symbol.map(FieldValue.text)
        case .value: return item.value.map(FieldValue.text)
        case .badge: return item.badge.map(FieldValue.number)
        case .kind: return .text(item.kind.rawValue)
        case .segments: return item.segments.isEmpty ? nil : .list(item.segments)
        case .entries: return item.entries.isEmpty ? nil : .list(item.entries)
        case .vertical: return item.vertical ? .flag(true) : nil
        case .keepHorizontal: return item.keepHorizontal ? .flag(true) : nil
        case .switches: return item.switches ? .flag(true) : nil
        case .unknown: return nil
        }
    }

    /// Whether `item.field(name)` is not nil.
    @inline(__always)
    func isPresent(in item: BarItem) -> Bool {
        switch self {
        case .id, .bar, .kind: return true
        case .title: return item.title != nil
        case .symbol: return item.symbol != nil
        case .value: return item.value != nil
        case .badge: return item.badge != nil
        case .segments: return !item.segments.isEmpty
        case .entries: return !item.entries.isEmpty
        case .vertical: return item.vertical
        case .keepHorizontal: return item.keepHorizontal
        case .switches: return item.switches
        case .unknown: return false
        }
    }

    /// Appends what `item.field(name)?.text ?? ""` gives.
    @inline(__always)
    func appendText(of item: BarItem, to text: inout String) {
        switch self {
        case .id: text += item.id
        case .bar: text += item.bar.rawValue
        case .title: if let title = item.title { text += title }
        case .symbol: if let symbol = item.symbol { text += symbol }
        case .value: if let value = item.value { text += value }
        case .badge: if let badge = item.badge { text += String(badge) }
        case .kind: text += item.kind.rawValue
        case .segments, .entries, .vertical, .keepHorizontal, .switches, .unknown:
            if let value = self.value(of: item) { text += value.text }
        }
    }
}

/// A field of a device profile, as conditions name it after `device.`.
enum DeviceField: Sendable {
    case id, name, width, height, statusBar, topBar, bottomBar, column, columnWidth, columnSlot, slots, unknown

    init(_ name: String) {
        switch name {
        case "id": self = .id
        case "name": self = .name
        case "width": self = .width
        case "height": self = .height
        case "status_bar": self = .statusBar
        case "top_bar": self = .topBar
        case "bottom_bar": self = .bottomBar
        case "column": self = .column
        case "column.width": self = .columnWidth
        case "column.slot": self = .columnSlot
        case "slots": self = .slots
        default: self = .unknown
        }
    }

    /// What `ConditionSubject.device(name).value(of:on:)` gives.
    @inline(__always)
    func value(on device: Device) -> FieldValue? {
        switch self {
        case .id: return .text(device.id)
        case .name: return .text(device.name)
        case .width: return .number(device.width)
        case .height: return .number(device.height)
        case .statusBar: return .number(device.statusBar)
        case .topBar: return .number(device.topBar)
        case .bottomBar: return .number(device.bottomBar)
        case .column: return .text(device.column?.edge.rawValue ?? "none")
        case .columnWidth: return device.column.map { .number($0.width) }
        case .columnSlot: return device.column.map { .number($0.slot) }
        case .slots: return device.column.map { _ in .number(ScreenLayout.slots(on: device)) }
        case .unknown: return nil
        }
    }
}

/// One compiled condition.
enum CompiledCheck: Sendable {
    /// The same result for every item and device.
    case constant(Bool)
    /// `present` (true) or `absent` (false) on an item field.
    case presence(ItemField, Bool)
    /// Any other test on an item field: the test is `tests[n]` of the program.
    case item(ItemField, test: Int)
    /// A test on a measure of an item field.
    case measure(ItemField, ConditionSubject.Measure, test: Int)
    /// A test on a device field.
    case device(DeviceField, test: Int)

    /// Compiles `condition`; a test kept as it is goes at the end of `tests`.
    init(_ condition: PlacementCondition, tests: inout [ConditionTest]) {
        let test = condition.test
        switch condition.subject {
        case .item(let name):
            let field = ItemField(name)
            switch field {
            case .unknown:
                self = .constant(test.matches(nil))
            default:
                switch test {
                case .present: self = .presence(field, true)
                case .absent: self = .presence(field, false)
                default:
                    tests.append(test)
                    self = .item(field, test: tests.count - 1)
                }
            }
        case .measure(let name, let measure):
            tests.append(test)
            self = .measure(ItemField(name), measure, test: tests.count - 1)
        case .device(let name):
            tests.append(test)
            self = .device(DeviceField(name), test: tests.count - 1)
        }
    }

    /// What `PlacementCondition.matches(_:on:)` gives; `tests` are the program's.
    @inline(__always)
    func matches(_ item: BarItem, on device: Device, tests: Span<ConditionTest>) -> Bool {
        switch self {
        case .constant(let result):
            return result
        case .presence(let field, let present):
            return field.isPresent(in: item) == present
        case .item(let field, let test):
            return tests[test].matches(field.value(of: item))
        case .measure(let field, let measure, let test):
            guard let value = field.value(of: item) else { return tests[test].matches(nil) }
            switch (value, measure) {
            case (.list(let elements), .length): return tests[test].matches(.number(elements.count))
            case (.list(let elements), .longest): return tests[test].matches(.number(elements.map(\.count).max() ?? 0))
            default: return tests[test].matches(.number(value.text.count))
            }
        case .device(let field, let test):
            return tests[test].matches(field.value(on: device))
        }
    }
}

/// Every compiled `when` of a table, in flat lists of plain values: the
/// checks, with the tests they keep as written beside them, and for each
/// `when` (a node) its checks and its `any` branches, which are nodes too.
/// Matching an item reads them where they lie and copies nothing that is
/// reference-counted: a table is applied to every item of every demo.
struct ConditionProgram: Sendable {
    /// One `when`: the checks that must all pass, and the branches (indices
    /// into `branches`, each naming a node) of which one must, when there are any.
    struct Node: Sendable {
        var checks: Range<Int>
        var branches: Range<Int>
    }

    private var checks: [CompiledCheck] = []
    private var tests: [ConditionTest] = []
    private var nodes: [Node] = []
    private var branches: [Int] = []

    /// Compiles `conditions` and returns its node.
    mutating func add(_ conditions: PlacementConditions) -> Int {
        let firstCheck = checks.count
        for condition in conditions.all { checks.append(CompiledCheck(condition, tests: &tests)) }
        let checkRange = firstCheck..<checks.count
        let children = conditions.any.map { add($0) }
        let firstBranch = branches.count
        branches += children
        nodes.append(Node(checks: checkRange, branches: firstBranch..<branches.count))
        return nodes.count - 1
    }

    /// The index in `roots` (nodes) of the first whose `when` matches
    /// `item` on `device`, or nil.
    func firstMatch(among roots: Span<Int>, _ item: BarItem, on device: Device) -> Int? {
        let checks = checks.span, tests = tests.span, nodes = nodes.span, branches = branches.span
        for index in roots.indices
        where Self.matches(roots[index], item, on: device, checks: checks, tests: tests, nodes: nodes, branches: branches) {
            return index
        }
        return nil
    }

    /// The indices in `roots` (nodes) of those whose `when` matches `item`
    /// on `device`, in order.
    func matches(among roots: Span<Int>, _ item: BarItem, on device: Device) -> [Int] {
        let checks = checks.span, tests = tests.span, nodes = nodes.span, branches = branches.span
        return roots.indices.filter {
            Self.matches(roots[$0], item, on: device, checks: checks, tests: tests, nodes: nodes, branches: branches)
        }
    }

    /// What `PlacementConditions.matches(_:on:)` gives for the `when` of
    /// `node`, read from the program's lists where they lie.
    private static func matches(_ node: Int, _ item: BarItem, on device: Device, checks: Span<CompiledCheck>,
                                tests: Span<ConditionTest>, nodes: Span<Node>, branches: Span<Int>) -> Bool {
        let node = nodes[node]
        for index in node.checks where !checks[index].matches(item, on: device, tests: tests) { return false }
        if node.branches.isEmpty { return true }
        for index in node.branches
        where matches(branches[index], item, on: device, checks: checks, tests: tests, nodes: nodes, branches: branches) {
            return true
        }
        return false
    }
}

/// An advice message split into text and the item fields in braces, so
/// that filling it in is appending: what `PlacementAdvice.message(for:)` gives.
struct MessageTemplate: Sendable {
    enum Piece: Sendable {
        case text(String)
        case field(ItemField)
    }

    var pieces: [Piece]
    /// The length of the text pieces, in UTF-8 bytes.
    var textLength: Int

    init(_ message: String) {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let name = String(rest[afterOpen..<close])
            if PlacementAdvice.placeholders.contains(name) {
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.field(ItemField(name)))
            } else {
                literal += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
        textLength = pieces.reduce(0) { total, piece in
            if case .text(let text) = piece { return total + text.utf8.count }
            return total
        }
    }

    /// The message for `item`.
    func message(for item: BarItem) -> String {
        var result = ""
        result.reserveCapacity(textLength + 32)
        for piece in pieces {
            switch piece {
            case .text(let text): result += text
            case .field(let field): field.appendText(of: item, to: &result)
            }
        }
        return result
    }
}
