import Testing
@testable import DuoSite

/// A resolved form's name, as `duosite place` and a figure's `data-form`
/// give it: the parts shown, the badge aside, joined by `-and-`.
@Suite struct ResolvedFormTests {
    @Test("a form's name joins the parts it shows, the badge aside", arguments: [
        ([.symbol], "symbol"),
        ([.title], "title"),
        ([.symbol, .title], "symbol-and-title"),
        ([.symbol, .value], "symbol-and-value"),
        ([.symbol, .badge], "symbol"),
        ([.badge, .symbol, .title], "symbol-and-title"),
        ([.control], "control"),
        ([.control, .vertical], "control-and-vertical"),
        ([.badge], "symbol"),
        ([], "symbol"),
    ] as [([FormPart], String)])
    func name(parts: [FormPart], name: String) {
        let form = ResolvedForm(parts: parts)
        #expect(form.name == name)
        #expect(form.description == name)
        // The pieces a figure writes one by one make the same name.
        var pieces: [String] = []
        form.forEachNamePiece { pieces.append($0) }
        #expect(pieces.joined() == name)
        #expect(pieces.filter { $0 != "-and-" }.count == max(1, parts.filter { $0 != .badge }.count))
    }
}
