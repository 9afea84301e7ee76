/// Finds the rows of a decision table that can never match, because earlier
/// rows always match first.
///
/// A row R is unreachable when every item and device that R matches is
/// matched by an earlier row. The analysis is sound (it never reports a row
/// that some item could reach) and decides it in two cases:
///
/// - one earlier row whose conditions all follow from R's (its conditions
///   are a subset of R's, or weaker: `symbol: present` follows from
///   `symbol: square.and.arrow.up`, `kind: [edit, segmented]` from
///   `kind: edit`);
/// - earlier rows that, beyond conditions following from R's, each test the
///   same one subject, and together cover every value R allows it (rows
///   `symbol: absent` and `symbol: present` before R).
///
/// Whether a condition follows from others is decided on one subject at a
/// time, exactly, by trying one value of each class the conditions can tell
/// apart (missing, each value written in the conditions, a count on each
/// side of each bound, other text). Subjects are treated as independent,
/// which can only make the analysis miss a row, never report one wrongly.
/// A row's own `any` list is ignored (R matches no more items without it),
/// and an earlier row's `any` list counts when one of its alternatives
/// follows from R's conditions.
public enum RuleReachability {
    /// Why a row can never match.
    public enum Reason: Sendable {
        /// Its own conditions can never all hold: the subject that cannot.
        case contradictory(ConditionSubject)
        /// These earlier rows always match first.
        case shadowed(by: [PlacementRule])
    }

    /// Every row of `rules` that can never match, with why, in table order.
    public static func unreachable(_ rules: [PlacementRule]) -> [(rule: PlacementRule, reason: Reason)] {
        var found: [(rule: PlacementRule, reason: Reason)] = []
        for (index, rule) in rules.enumerated() {
            if let subject = contradiction(in: rule.when) {
                found.append((rule, .contradictory(subject)))
                continue
            }
            let earlier = Array(rules[..<index])
            if let winner = earlier.first(where: { implies(rule.when, $0.when) }) {
                found.append((rule, .shadowed(by: [winner])))
                continue
            }
            if let cover = coveringRows(for: rule.when, among: earlier) {
                found.append((rule, .shadowed(by: cover)))
            }
        }
        return found
    }

    /// Whether every item on every device matches some row of `rules`: a
    /// row with no conditions after them could never match. Sound as
    /// ``unreachable(_:)`` is: true only when no item can miss every row
    /// (false may also mean the analysis could not tell).
    public static func coversEveryItem(_ rules: [PlacementRule]) -> Bool {
        let anything = PlacementConditions()
        return rules.contains { implies(anything, $0.when) } || coveringRows(for: anything, among: rules) != nil
    }

    /// Whether every item and device that `premise` matches also matches `conclusion`.
    public static func implies(_ premise: PlacementConditions, _ conclusion: PlacementConditions) -> Bool {
        let tests = testsBySubject(premise)
        for condition in conclusion.all where !follows(condition, from: tests) {
            return false
        }
        guard !conclusion.any.isEmpty else { return true }
        return conclusion.any.contains { implies(premise, $0) }
    }

    /// A subject on which `conditions` can never hold, if there is one.
    static func contradiction(in conditions: PlacementConditions) -> ConditionSubject? {
        for (subject, tests) in testsBySubject(conditions) {
            let values = representatives(of: subject, tests: tests)
            if !values.contains(where: { value in tests.allSatisfy { $0.matches(value) } }) {
                return subject
            }
        }
        return nil
    }

    /// Earlier rows that together always match first, beyond what follows
    /// from `conditions`, on one subject.
    static func coveringRows(for conditions: PlacementConditions, among earlier: [PlacementRule]) -> [PlacementRule]? {
        let tests = testsBySubject(conditions)
        var residuals: [ConditionSubject: [(rule: PlacementRule, tests: [ConditionTest])]] = [:]
        for row in earlier {
            guard row.when.any.isEmpty || row.when.any.contains(where: { implies(conditions, $0) }) else { continue }
            let rest = row.when.all.filter { !follows($0, from: tests) }
            let subjects = Set(rest.map(\.subject))
            guard subjects.count == 1, let subject = subjects.first else { continue }
            residuals[subject, default: []].append((row, rest.map(\.test)))
        }
        for (subject, rows) in residuals.sorted(by: { $0.key.description < $1.key.description }) {
            let own = tests[subject] ?? []
            let values = representatives(of: subject, tests: own + rows.flatMap(\.tests))
            let covered = values.allSatisfy { value in
                !own.allSatisfy({ $0.matches(value) }) || rows.contains { row in row.tests.allSatisfy { $0.matches(value) } }
            }
            if covered {
                // Only the rows that cover some value R allows.
                let needed = rows.filter { row in
                    values.contains { value in own.allSatisfy({ $0.matches(value) }) && row.tests.allSatisfy { $0.matches(value) } }
                }
                return needed.map { $0.rule }
            }
        }
        return nil
    }

    /// Whether `condition` holds whenever all of `tests` on its subject do.
    static func follows(_ condition: PlacementCondition, from tests: [ConditionSubject: [ConditionTest]]) -> Bool {
        let own = tests[condition.subject] ?? []
        return representatives(of: condition.subject, tests: own + [condition.test]).allSatisfy { value in
            !own.allSatisfy({ $0.matches(value) }) || condition.test.matches(value)
        }
    }

    /// A `when`'s plain conditions by subject.
    static func testsBySubject(_ conditions: PlacementConditions) -> [ConditionSubject: [ConditionTest]] {
        var tests: [ConditionSubject: [ConditionTest]] = [:]
        for condition in conditions.all {
            tests[condition.subject, default: []].append(condition.test)
        }
        return tests
    }

    /// One value of each class `tests` can tell apart, among the values
    /// `subject` can take (nil standing for a missing value).
    static func representatives(of subject: ConditionSubject, tests: [ConditionTest]) -> [FieldValue?] {
        let literals = Array(Set(tests.flatMap(\.literals))).sorted()
        var numbers: Set<Int> = [0]
        for bound in tests.flatMap(\.thresholds) {
            // Saturating: a bound of Int.max has no number above it.
            let (below, belowOverflows) = bound.subtractingReportingOverflow(1)
            let (above, aboveOverflows) = bound.addingReportingOverflow(1)
            for number in [belowOverflows ? nil : below, bound, aboveOverflows ? nil : above].compactMap({ $0 }) where number >= 0 {
                numbers.insert(number)
            }
        }
        for literal in literals where ConditionTest.isCount(.text(literal)) {
            if let number = Int(literal) { numbers.insert(number) }
        }
        let (largest, overflows) = (numbers.max() ?? 0).addingReportingOverflow(1000)
        if !overflows { numbers.insert(largest) }
        let other = "\u{1}other"

        switch subject.domain {
        case .finite(let values, let canBeMissing):
            return (canBeMissing ? [nil] : []) + values.map { FieldValue.text($0) }
        case .flag:
            return [nil, .flag(true)]
        case .number(let canBeMissing):
            return (canBeMissing ? [nil] : []) + numbers.sorted().map { FieldValue.number($0) }
        case .list(let canBeMissing):
            return (canBeMissing ? [nil] : []) + (literals + [other]).map { FieldValue.list([$0]) }
        case .text(let canBeMissing):
            var values: [FieldValue?] = canBeMissing ? [nil] : []
            values += (literals + ["", other]).map { FieldValue.text($0) }
            for number in numbers.sorted() {
                // The count as written, and written with leading zeros so
                // that it is no literal (the same number, another text).
                var text = String(number)
                values.append(.text(text))
                while literals.contains(text) { text = "0" + text }
                values.append(.text(text))
            }
            return values
        }
    }
}
