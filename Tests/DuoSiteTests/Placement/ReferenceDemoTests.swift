import Diagnostics
import Files
import Foundation
import Testing
@testable import DuoSite

/// The reference demo of Content/patterns/symbols-not-labels.md, through
/// the repository's table: what the published page's figures show.
@Suite struct ReferenceDemoTests {
    static func shoppingDemo() throws -> Demo {
        let path = "Content/patterns/symbols-not-labels.md"
        let data = try Data(contentsOf: PlacementSupport.repositoryRoot.appendingPathComponent(path))
        guard case .success(let file) = SourceFile.decode(data, path: path) else {
            Issue.record("cannot read \(path)")
            throw CancellationError()
        }
        let (page, diagnostics) = PageReader(allowRawHTML: false).read(file)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.formatted))")
        let demos = try #require(page).pattern.demos.compactMap(\.demo)
        return try #require(demos.first { $0.states.map(\.name) == ["Text labels", "Symbols"] })
    }

    @Test func textLabelsKeepEverythingButTheBackButtonAndTabsAtTheTop() throws {
        let demo = try Self.shoppingDemo()
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device(demo.device.value)
        let layout = engine.layout(demo.states[0].screen, on: device)
        #expect(Set(layout.items(in: .top).map(\.item.id)) == ["edit", "total", "share", "messages"])
        #expect(layout.items(in: .column).map(\.item.id) == ["back", "home", "search"])
        #expect(layout.hasTopBar)
        #expect(layout.contentHeight == 760 - 54 - 54)
        #expect(layout.item("edit")?.rule?.description == "symbols-not-labels#rule-4")
        #expect(layout.item("total")?.rule?.description == "symbols-not-labels#rule-6")
        #expect(layout.item("share")?.rule?.description == "symbols-not-labels#rule-2")
        #expect(layout.item("messages")?.rule?.description == "symbols-not-labels#rule-5")
        #expect(layout.item("messages")?.form.name == "value")
        #expect(layout.item("back")?.rule?.description == "where-the-bars-go#rule-1")
    }

    @Test func symbolsMoveShareAndMessagesIntoTheColumn() throws {
        let demo = try Self.shoppingDemo()
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device(demo.device.value)
        let layout = engine.layout(demo.states[1].screen, on: device)
        #expect(layout.items(in: .column).map(\.item.id) == ["back", "share", "messages", "home", "search"])
        #expect(layout.items(in: .top).map(\.item.id) == ["edit", "total"])

        let share = try #require(layout.item("share"))
        #expect(share.place == .column && share.form.name == "symbol")
        #expect(share.rule?.description == "symbols-not-labels#rule-1")
        let messages = try #require(layout.item("messages"))
        #expect(messages.place == .column && messages.badge == 12)
        #expect(messages.rule?.description == "symbols-not-labels#rule-1")
        let edit = try #require(layout.item("edit"))
        #expect(edit.place == .top && edit.form.name == "title")
        #expect(edit.rule?.description == "symbols-not-labels#rule-4")
        let total = try #require(layout.item("total"))
        #expect(total.place == .top && total.form.name == "symbol-and-value")
        #expect(total.rule?.description == "symbols-not-labels#rule-6")
        #expect(layout.advice.isEmpty)
    }

    @Test func theProblemFigureKeepsFilterAndTheControlAtTheTop() throws {
        let path = "Content/patterns/symbols-not-labels.md"
        let data = try Data(contentsOf: PlacementSupport.repositoryRoot.appendingPathComponent(path))
        guard case .success(let file) = SourceFile.decode(data, path: path) else { return }
        let demo = try #require(PageReader(allowRawHTML: false).read(file).0?.pattern.demos.first?.demo)
        let layout = try PlacementSupport.realEngine().layout(demo.states[0].screen, on: try PlacementSupport.device("duo-closed-portrait"))
        #expect(layout.items(in: .top).map(\.item.id) == ["filter", "view"])
        #expect(layout.items(in: .column).map(\.item.id) == ["back", "share", "inbox", "home", "search", "profile"])
        #expect(layout.item("inbox")?.badge == 3)
    }
}
