import Diagnostics
import YAML

/// The placement engine's decision table, `Content/placement.yml`, as data:
/// the vocabulary of forms and places, the overflow button, the ordered
/// placement rows (the first that matches an item wins) and the advice
/// (every one that matches applies). `docs/placement.md` describes the file.
public struct PlacementTable: Sendable {
    /// The forms rules may name, by name.
    public var forms: [String: FormDefinition]
    /// The places rules may name besides `column`, `top` and `bottom`, by name.
    public var places: [String: PlaceDefinition]
    /// The column's overflow button and menu.
    public var overflow: OverflowSettings
    /// The placement rows, in order of precedence.
    public var rules: [PlacementRule]
    /// The advice, in order.
    public var advice: [PlacementAdvice]
    /// The file the table was read from.
    public var file: String

    /// Creates a table.
    public init(forms: [String: FormDefinition] = [:], places: [String: PlaceDefinition] = [:],
                overflow: OverflowSettings? = nil, rules: [PlacementRule] = [], advice: [PlacementAdvice] = [],
                file: String = Site.Paths.placement) {
        self.forms = forms
        self.places = places
        self.overflow = overflow ?? OverflowSettings(symbol: "ellipsis", title: "More", form: "", rule: nil, location: SourceLocation(file: file))
        self.rules = rules
        self.advice = advice
        self.file = file
    }

    /// Reads the table from the root node of `file`, with a finding
    /// (`invalid-placement`, at its line and column) for everything
    /// malformed; rows and advice that cannot be read are left out.
    static func read(_ node: YAMLNode, file: String) -> (PlacementTable, [Diagnostic]) {
        var reader = PlacementTableReader(file: file)
        let table = reader.read(node)
        return (table, reader.diagnostics)
    }

    /// Reads a table from YAML text, for tools and tests: the table, or nil
    /// when the text is not YAML, and every finding.
    public static func parse(_ text: String, file: String = Site.Paths.placement) -> (PlacementTable?, [Diagnostic]) {
        switch YAMLDocument.parse(text, file: file) {
        case .failure(let diagnostic):
            return (nil, [diagnostic])
        case .success(nil):
            return (nil, [Diagnostic(.invalidPlacement, "the placement table is empty; it needs forms, overflow and rules", at: SourceLocation(file: file))])
        case .success(let node?):
            let (table, diagnostics) = read(node, file: file)
            return (table, diagnostics)
        }
    }

    /// The place a row's `place` gives an item of `bar`, or nil when the
    /// table does not define it.
    public func place(named name: String, for bar: Bar) -> Place? {
        switch name {
        case Place.column.rawValue: return .column
        case Place.top.rawValue: return .top
        case Place.bottom.rawValue: return .bottom
        default: return places[name]?.place(for: bar)
        }
    }

    /// Every pattern rule the table cites, with where it is cited.
    public var citedRules: [PatternRuleReference] {
        rules.compactMap { $0.rule } + advice.compactMap { $0.rule } + (overflow.rule.map { [$0] } ?? [])
    }
}
