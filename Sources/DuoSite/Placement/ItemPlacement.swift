/// Where the engine put one item, in what form, and why.
public struct ItemPlacement: Sendable {
    /// The item.
    public var item: BarItem
    /// Where it ends up: `overflow` when it was placed in the column but
    /// there was no slot left for it.
    public var place: Place
    /// Where the table's row put it, before the column overflowed.
    public var decidedPlace: Place
    /// The form it is drawn in (in the overflow menu, the menu's form).
    public var form: ResolvedForm
    /// The table's row that decided.
    public var decision: PlacementRule

    /// Creates a placement.
    public init(item: BarItem, place: Place, decidedPlace: Place, form: ResolvedForm, decision: PlacementRule) {
        self.item = item
        self.place = place
        self.decidedPlace = decidedPlace
        self.form = form
        self.decision = decision
    }

    /// The pattern rule the decision stands for, if any.
    public var rule: PatternRuleReference? { decision.rule }

    /// The badge drawn on the item's symbol, if the form shows it.
    public var badge: Int? { form.shows(.badge) ? item.badge : nil }
}
