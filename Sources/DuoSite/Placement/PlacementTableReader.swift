import Diagnostics
import YAML

/// Reads `placement.yml` into a `PlacementTable`, reporting everything
/// malformed as `invalid-placement` at its line and column, and going on so
/// that one run lists every problem.
struct PlacementTableReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    static let topKeys = ["forms", "places", "overflow", "rules", "advice"]
    static let ruleKeys = ["id", "when", "place", "form", "rule", "because"]
    static let adviceKeys = ["id", "when", "message", "rule"]
    static let overflowKeys = ["symbol", "title", "form", "rule"]
    static let operators = ["equals", "one-of", "not", "at-least", "at-most"]
    static let keywords: [String: ConditionTest] = ["present": .present, "absent": .absent, "count": .count]
    static let basePlaces: [Place] = [.column, .top, .bottom]

    init(file: String) {
        self.file = file
    }

    private func location(_ mark: Mark) -> SourceLocation {
        SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    private mutating func report(_ message: String, _ mark: Mark) {
        diagnostics.append(Diagnostic(.invalidPlacement, message, at: location(mark)))
    }

    private mutating func reportUnknownKeys(_ node: YAMLNode, known: [String], in subject: String) {
        for pair in node.pairs ?? [] {
            let key = pair.key.string ?? ""
            guard !known.contains(key) else { continue }
            var message = "unknown key '\(key)' in \(subject)"
            if let suggestion = Suggestion.nearest(to: key, in: known) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; it may have \(known.joined(separator: ", "))"
            }
            report(message, pair.key.mark)
        }
    }

    /// A text value, or a finding.
    private mutating func text(_ node: YAMLNode, key: String) -> String? {
        guard let text = node.string, !node.isNull, !text.allSatisfy(\.isWhitespace) else {
            report("'\(key)' should be text, not \(node.shapeDescription)", node.mark)
            return nil
        }
        return text
    }

    /// A name of the table's vocabulary: lowercase letters, digits and `-`.
    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    mutating func read(_ root: YAMLNode) -> PlacementTable {
        var table = PlacementTable(file: file)
        guard root.pairs != nil else {
            report("the placement table should be a map with forms, places, overflow, rules and advice, not \(root.shapeDescription)", root.mark)
            return table
        }
        reportUnknownKeys(root, known: Self.topKeys, in: "the placement table")

        if let node = root["forms"], !node.isNull {
            table.forms = readForms(node)
        } else {
            report("the placement table needs 'forms': the forms its rules name, like 'title: [title]'", root.mark)
        }
        if let node = root["places"], !node.isNull {
            table.places = readPlaces(node)
        }
        if let node = root["overflow"], !node.isNull {
            if let overflow = readOverflow(node, forms: table.forms) { table.overflow = overflow }
        } else {
            report("the placement table needs 'overflow': the overflow button's symbol and title, and the form items take in its menu", root.mark)
        }
        if let node = root["rules"], !node.isNull {
            table.rules = readRules(node, table: table)
        } else {
            report("the placement table needs 'rules': the ordered rows that decide where each item goes", root.mark)
        }
        if let node = root["advice"], !node.isNull {
            table.advice = readAdvice(node)
        }
        return table
    }

    // MARK: Vocabulary

    private mutating func readForms(_ node: YAMLNode) -> [String: FormDefinition] {
        guard let pairs = node.pairs else {
            report("'forms' should be a map from a form's name to its alternatives, like 'symbol-or-title: [symbol + badge?, title]'", node.mark)
            return [:]
        }
        var forms: [String: FormDefinition] = [:]
        for pair in pairs {
            guard let name = pair.key.string, Self.isName(name) else {
                report("a form's name should be lowercase letters, digits and '-', like symbol-or-title", pair.key.mark)
                continue
            }
            let elements = pair.value.elements ?? [pair.value]
            var alternatives: [FormAlternative] = []
            var failed = false
            for element in elements {
                guard let text = element.string, !element.isNull else {
                    report("each alternative of the form '\(name)' should be text, like 'symbol + badge?'", element.mark)
                    failed = true
                    continue
                }
                switch FormAlternative.parse(text) {
                case .success(let alternative):
                    alternatives.append(alternative)
                case .failure(.unknownPart(let word)):
                    var message = "the form '\(name)' shows '\(word)', which is not a part an item has; a form shows \(FormPart.allCases.map(\.rawValue).joined(separator: ", ")), joined by '+' (a '?' marks a part shown only when the item has it)"
                    if let suggestion = Suggestion.nearest(to: word, in: FormPart.allCases.map(\.rawValue)), !word.isEmpty {
                        message = "the form '\(name)' shows '\(word)'; did you mean '\(suggestion)'?"
                    }
                    report(message, element.mark)
                    failed = true
                case .failure(.repeatedPart(let word)):
                    report("the form '\(name)' shows '\(word)' twice in one alternative", element.mark)
                    failed = true
                case .failure(.nothingRequired):
                    report("an alternative of the form '\(name)' has only optional parts; it needs one part without '?'", element.mark)
                    failed = true
                }
            }
            if alternatives.isEmpty && !failed {
                report("the form '\(name)' has no alternative; list what it shows, like [symbol + badge?, title]", pair.value.mark)
            }
            if !alternatives.isEmpty {
                forms[name] = FormDefinition(name: name, alternatives: alternatives, location: location(pair.key.mark))
            }
        }
        return forms
    }

    private mutating func readPlaces(_ node: YAMLNode) -> [String: PlaceDefinition] {
        guard let pairs = node.pairs else {
            report("'places' should be a map from a place's name to the place of each bar, like 'own-bar: {back: top, navigation: top, toolbar: bottom, tabs: bottom}'", node.mark)
            return [:]
        }
        var places: [String: PlaceDefinition] = [:]
        let baseNames = Self.basePlaces.map(\.rawValue)
        for pair in pairs {
            guard let name = pair.key.string, Self.isName(name) else {
                report("a place's name should be lowercase letters, digits and '-', like own-bar", pair.key.mark)
                continue
            }
            if baseNames.contains(name) || name == Place.overflow.rawValue {
                report("'\(name)' is a place of the engine's own; give this place another name", pair.key.mark)
                continue
            }
            guard pair.value.pairs != nil else {
                report("the place '\(name)' should be a map giving the place of each bar: back, navigation, toolbar and tabs", pair.value.mark)
                continue
            }
            reportUnknownKeys(pair.value, known: Bar.allCases.map(\.rawValue), in: "the place '\(name)'")
            var map: [Bar: Place] = [:]
            for bar in Bar.allCases {
                guard let value = pair.value[bar.rawValue] else {
                    report("the place '\(name)' does not say where items of '\(bar.rawValue)' go", pair.value.mark)
                    continue
                }
                guard let text = value.string, let place = Place(rawValue: text), Self.basePlaces.contains(place) else {
                    report("the place of '\(bar.rawValue)' should be column, top or bottom, not \(describe(value))", value.mark)
                    continue
                }
                map[bar] = place
            }
            if map.count == Bar.allCases.count {
                places[name] = PlaceDefinition(name: name, places: map, location: location(pair.key.mark))
            }
        }
        return places
    }

    private mutating func readOverflow(_ node: YAMLNode, forms: [String: FormDefinition]) -> OverflowSettings? {
        guard node.pairs != nil else {
            report("'overflow' should be a map with the button's symbol and title, and the form items take in its menu", node.mark)
            return nil
        }
        reportUnknownKeys(node, known: Self.overflowKeys, in: "'overflow'")
        var symbol: String?
        if let value = node["symbol"] {
            symbol = text(value, key: "symbol")
        } else {
            report("'overflow' needs the 'symbol' of the system's overflow button, like ellipsis", node.mark)
        }
        var title = "More"
        if let value = node["title"], let text = text(value, key: "title") { title = text }
        var form: String?
        if let value = node["form"] {
            form = formName(value, forms: forms)
        } else {
            report("'overflow' needs the 'form' items take in the overflow menu, like symbol-and-title", node.mark)
        }
        let rule = node["rule"].flatMap { reference($0) }
        guard let symbol, let form else { return nil }
        return OverflowSettings(symbol: symbol, title: title, form: form, rule: rule, location: location(node.mark))
    }

    private mutating func formName(_ node: YAMLNode, forms: [String: FormDefinition]) -> String? {
        guard let name = text(node, key: "form") else { return nil }
        guard forms[name] != nil else {
            var message = "the form '\(name)' is not defined in 'forms'"
            if let suggestion = Suggestion.nearest(to: name, in: forms.keys.sorted()) {
                message += "; did you mean '\(suggestion)'?"
            } else if !forms.isEmpty {
                message += " (it has \(forms.keys.sorted().joined(separator: ", ")))"
            }
            report(message, node.mark)
            return nil
        }
        return name
    }

    private mutating func reference(_ node: YAMLNode) -> PatternRuleReference? {
        guard let text = text(node, key: "rule") else { return nil }
        guard let reference = PatternRuleReference(text, at: location(node.mark)) else {
            report("'rule' names a pattern rule as page#rule-N, like symbols-not-labels#rule-2, not '\(text)'", node.mark)
            return nil
        }
        return reference
    }

    // MARK: Rows and advice

    private mutating func readRules(_ node: YAMLNode, table: PlacementTable) -> [PlacementRule] {
        guard let elements = node.elements else {
            report("'rules' should be a list of rows, each with when, place, form and rule", node.mark)
            return []
        }
        var rules: [PlacementRule] = []
        var ids: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            guard element.pairs != nil else {
                report("a row of 'rules' should be a map with when, place, form and rule, not \(element.shapeDescription)", element.mark)
                continue
            }
            reportUnknownKeys(element, known: Self.ruleKeys, in: "a row of 'rules'")
            let id = rowID(element, default: "rule-\(index + 1)", ids: &ids)
            var ok = true
            var when = PlacementConditions()
            if let value = element["when"] {
                if let conditions = readConditions(value) { when = conditions } else { ok = false }
            } else {
                report("the row '\(id)' needs 'when': the conditions it matches ({} matches every item)", element.mark)
                ok = false
            }
            var place: String?
            if let value = element["place"] {
                if let name = text(value, key: "place") {
                    if Self.basePlaces.map(\.rawValue).contains(name) || table.places[name] != nil {
                        place = name
                    } else {
                        let known = Self.basePlaces.map(\.rawValue) + table.places.keys.sorted()
                        var message = "the place '\(name)' is neither column, top nor bottom, nor defined in 'places'"
                        if let suggestion = Suggestion.nearest(to: name, in: known) { message += "; did you mean '\(suggestion)'?" }
                        report(message, value.mark)
                    }
                }
            } else {
                report("the row '\(id)' needs 'place': column, top, bottom or a place of 'places'", element.mark)
            }
            var form: String?
            if let value = element["form"] {
                form = formName(value, forms: table.forms)
            } else {
                report("the row '\(id)' needs 'form': a form of 'forms'", element.mark)
            }
            let rule = element["rule"].flatMap { reference($0) }
            if element["rule"] != nil, rule == nil { ok = false }
            var because: String?
            if let value = element["because"] { because = text(value, key: "because") }
            guard ok, let place, let form else { continue }
            rules.append(PlacementRule(id: id, when: when, place: place, form: form, rule: rule, because: because, location: location(element.mark)))
        }
        return rules
    }

    private mutating func readAdvice(_ node: YAMLNode) -> [PlacementAdvice] {
        guard let elements = node.elements else {
            report("'advice' should be a list, each with when, message and rule", node.mark)
            return []
        }
        var advice: [PlacementAdvice] = []
        var ids: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            guard element.pairs != nil else {
                report("an advice should be a map with when, message and rule, not \(element.shapeDescription)", element.mark)
                continue
            }
            reportUnknownKeys(element, known: Self.adviceKeys, in: "an advice")
            let id = rowID(element, default: "advice-\(index + 1)", ids: &ids)
            var when: PlacementConditions?
            if let value = element["when"] {
                when = readConditions(value)
            } else {
                report("the advice '\(id)' needs 'when': the conditions it applies to", element.mark)
            }
            var message: String?
            if let value = element["message"], let text = text(value, key: "message") {
                message = text
                for name in PlacementAdvice.unknownPlaceholders(in: text) {
                    var problem = "the message names '{\(name)}', which is not a field of an item"
                    if let suggestion = Suggestion.nearest(to: name, in: PlacementAdvice.placeholders) { problem += "; did you mean '{\(suggestion)}'?" }
                    report(problem, value.mark)
                }
            } else if element["message"] == nil {
                report("the advice '\(id)' needs a 'message'", element.mark)
            }
            var rule: PatternRuleReference?
            if let value = element["rule"] {
                rule = reference(value)
            } else {
                report("the advice '\(id)' needs the pattern 'rule' it comes from, like symbols-not-labels#rule-5", element.mark)
            }
            guard let when, let message, let rule else { continue }
            advice.append(PlacementAdvice(id: id, when: when, message: message, rule: rule, location: location(element.mark)))
        }
        return advice
    }

    private mutating func rowID(_ element: YAMLNode, default fallback: String, ids: inout [String: Int]) -> String {
        var id = fallback
        if let value = element["id"] {
            if let text = value.string, Self.isName(text) {
                id = text
            } else {
                report("'id' should be a name of lowercase letters, digits and '-', like text-only", value.mark)
            }
        }
        if let line = ids[id] {
            report("two entries are named '\(id)' (the first at line \(line)); give each its own id", element["id"]?.mark ?? element.mark)
        } else {
            ids[id] = element.mark.line
        }
        return id
    }

    // MARK: Conditions

    /// Reads a `when` map; nil when any of it cannot be read.
    private mutating func readConditions(_ node: YAMLNode) -> PlacementConditions? {
        guard let pairs = node.pairs else {
            report("'when' should be a map of conditions, like {symbol: present, kind: [segmented]}, not \(node.shapeDescription)", node.mark)
            return nil
        }
        var conditions = PlacementConditions()
        var ok = true
        for pair in pairs {
            let key = pair.key.string ?? ""
            if key == "any" {
                guard let elements = pair.value.elements, !elements.isEmpty else {
                    report("'any' should be a list of condition maps, of which one must hold", pair.value.mark)
                    ok = false
                    continue
                }
                for element in elements {
                    if let alternative = readConditions(element) {
                        conditions.any.append(alternative)
                    } else {
                        ok = false
                    }
                }
                continue
            }
            guard let subject = ConditionSubject(key) else {
                var message = "unknown condition '\(key)'"
                if let suggestion = Suggestion.nearest(to: key, in: ConditionSubject.allNames + ["any"]) {
                    message += "; did you mean '\(suggestion)'?"
                } else {
                    message += "; a condition names an item's field (symbol, kind, value…), a measure (entries.length, entries.longest), a device's field (device.column…) or 'any'"
                }
                report(message, pair.key.mark)
                ok = false
                continue
            }
            guard let test = readTest(pair.value, subject: subject) else {
                ok = false
                continue
            }
            conditions.all.append(PlacementCondition(subject: subject, test: test, location: location(pair.key.mark)))
        }
        return ok ? conditions : nil
    }

    /// Reads the test of a condition on `subject`.
    private mutating func readTest(_ node: YAMLNode, subject: ConditionSubject) -> ConditionTest? {
        let domain = subject.domain
        switch node.content {
        case .scalar(let text, _):
            if node.isNull {
                report("'\(subject)' has no test; write present, absent, count, a value, or a list of values", node.mark)
                return nil
            }
            if node.isPlain, let keyword = Self.keywords[text] {
                return check(keyword, subject: subject, node: node)
            }
            if domain == .flag, let flag = node.bool {
                return flag ? .equals("true") : .absent
            }
            return check(.equals(text), subject: subject, node: node)
        case .sequence(let elements):
            guard !elements.isEmpty else {
                report("the list of values of '\(subject)' is empty", node.mark)
                return nil
            }
            var texts: [String] = []
            for element in elements {
                guard let text = element.string, !element.isNull else {
                    report("the values of '\(subject)' should be text, like [segmented, custom]", element.mark)
                    return nil
                }
                texts.append(text)
            }
            return check(.oneOf(texts), subject: subject, node: node)
        case .mapping(let pairs):
            guard !pairs.isEmpty else {
                report("the test of '\(subject)' is an empty map; write {equals: …}, {one-of: […]}, {not: …}, {at-least: N} or {at-most: N}", node.mark)
                return nil
            }
            var tests: [ConditionTest] = []
            for pair in pairs {
                let key = pair.key.string ?? ""
                switch key {
                case "equals":
                    guard let text = pair.value.string, !pair.value.isNull else {
                        report("'equals' takes one value, not \(pair.value.shapeDescription)", pair.value.mark)
                        return nil
                    }
                    guard let test = check(.equals(text), subject: subject, node: pair.value) else { return nil }
                    tests.append(test)
                case "one-of":
                    let elements = pair.value.elements ?? [pair.value]
                    guard !elements.isEmpty, elements.allSatisfy({ $0.string != nil && !$0.isNull }) else {
                        report("'one-of' takes a list of values, like [segmented, custom]", pair.value.mark)
                        return nil
                    }
                    guard let test = check(.oneOf(elements.compactMap(\.string)), subject: subject, node: pair.value) else { return nil }
                    tests.append(test)
                case "not":
                    guard let inner = readTest(pair.value, subject: subject) else { return nil }
                    tests.append(.not(inner))
                case "at-least", "at-most":
                    guard let number = pair.value.int else {
                        report("'\(key)' takes a whole number, not \(describe(pair.value))", pair.value.mark)
                        return nil
                    }
                    guard let test = check(key == "at-least" ? .atLeast(number) : .atMost(number), subject: subject, node: pair.value) else { return nil }
                    tests.append(test)
                default:
                    var message = "unknown test '\(key)'"
                    if let suggestion = Suggestion.nearest(to: key, in: Self.operators) {
                        message += "; did you mean '\(suggestion)'?"
                    } else {
                        message += "; a test map holds equals, one-of, not, at-least or at-most"
                    }
                    report(message, pair.key.mark)
                    return nil
                }
            }
            return tests.count == 1 ? tests[0] : .allOf(tests)
        }
    }

    /// Checks that a test makes sense for its subject's values.
    private mutating func check(_ test: ConditionTest, subject: ConditionSubject, node: YAMLNode) -> ConditionTest? {
        let domain = subject.domain
        switch test {
        case .present, .absent:
            if case .finite(_, false) = domain, test == .absent {
                report("'\(subject)' is never absent, so this condition never holds", node.mark)
                return nil
            }
            return test
        case .count, .atLeast, .atMost:
            switch domain {
            case .finite, .flag:
                report("'\(subject)' is not a number: \(test) applies to text and numbers", node.mark)
                return nil
            case .list:
                report("'\(subject)' is a list: compare its number of elements with \(subject).length", node.mark)
                return nil
            case .text, .number:
                return test
            }
        case .equals, .oneOf:
            let values = test.literals
            switch domain {
            case .finite(let allowed, _):
                for value in values where !allowed.contains(value) {
                    var message = "'\(subject)' is never '\(value)'; it is one of \(allowed.joined(separator: ", "))"
                    if let suggestion = Suggestion.nearest(to: value, in: allowed) { message = "'\(subject)' is never '\(value)'; did you mean '\(suggestion)'?" }
                    report(message, node.mark)
                    return nil
                }
            case .flag:
                for value in values where value != "true" {
                    report("'\(subject)' is true or absent; write '\(subject): true' or '\(subject): absent'", node.mark)
                    return nil
                }
            case .number:
                for value in values where !ConditionTest.isCount(.text(value)) {
                    report("'\(subject)' is a whole number, never '\(value)'", node.mark)
                    return nil
                }
            case .text, .list:
                break
            }
            return test
        default:
            return test
        }
    }

    private func describe(_ node: YAMLNode) -> String {
        if let text = node.string, !node.isNull { return "'\(text)'" }
        return node.shapeDescription
    }
}
