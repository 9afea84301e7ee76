import Testing
@testable import DuoSite

/// The column's slots and overflow: tabs and the back button keep their
/// slots, the last free slot shows the overflow button, and the navigation
/// and toolbar items that do not fit, the last first, move into the menu.
@Suite struct OverflowTests {
    /// Closed, in landscape: (430 − 24) / 48 = 8 slots.
    static let landscapeScreen = (
        back: "Library",
        navigation: "[{id: select, title: Select, symbol: checkmark}, {id: add, title: Add, symbol: plus}, {id: filter, title: Filter, symbol: line.3.horizontal.decrease}]",
        toolbar: "[{id: share, title: Share, symbol: square.and.arrow.up}, {id: like, title: Like, symbol: heart}, {id: trash, title: Delete, symbol: trash, badge: 7}, {id: buy, title: Buy, symbol: cart}]",
        tabs: "[{title: Photos, symbol: photo}, {title: For you, symbol: star}, {title: Search, symbol: magnifyingglass}]"
    )

    @Test func slotsFollowTheFormula() throws {
        #expect(ScreenLayout.slots(on: try PlacementSupport.device("duo-closed-portrait")) == 12)
        #expect(ScreenLayout.slots(on: try PlacementSupport.device("duo-closed-landscape")) == 8)
        #expect(ScreenLayout.slots(on: try PlacementSupport.device("iphone-portrait")) == 0)
    }

    @Test func moreItemsThanSlotsMoveTheLastFirst() throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-closed-landscape")
        let s = Self.landscapeScreen
        let layout = engine.layout(try PlacementSupport.screen(back: s.back, navigation: s.navigation, toolbar: s.toolbar, tabs: s.tabs), on: device)

        // 11 items for 8 slots: back and 3 tabs keep 4; of 4 free slots, the
        // last shows the overflow button, so 3 items stay and 4 move.
        #expect(layout.slots == 8)
        #expect(layout.hasOverflowButton)
        #expect(layout.columnTop.map(\.item.id) == ["back", "select", "add", "filter"])
        #expect(layout.columnBottom.map(\.item.id) == ["photos", "for-you", "search"])
        #expect(layout.overflow == ["share", "like", "trash", "buy"])
        for id in layout.overflow {
            let placement = try #require(layout.item(id))
            #expect(placement.place == .overflow)
            #expect(placement.decidedPlace == .column)
            #expect(placement.form.name == "symbol-and-title")
            #expect(placement.rule?.description == "symbols-not-labels#rule-1")
        }
        #expect(layout.item("trash")?.badge == 7)
        #expect(layout.items(in: .column).count + 1 == layout.slots)
        #expect(!layout.hasTopBar)
        #expect(layout.contentHeight == 430 - 24)
    }

    @Test func fewerMovableItemsMoveFewer() throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-closed-landscape")
        let s = Self.landscapeScreen
        // Like and Buy lose their symbols and go to the top: 9 items for 8 slots.
        let toolbar = s.toolbar.replacingOccurrences(of: ", symbol: heart", with: "").replacingOccurrences(of: ", symbol: cart", with: "")
        let layout = engine.layout(try PlacementSupport.screen(back: s.back, navigation: s.navigation, toolbar: toolbar, tabs: s.tabs), on: device)
        #expect(layout.items(in: .top).map(\.item.id) == ["like", "buy"])
        #expect(layout.overflow == ["share", "trash"])
        #expect(layout.columnTop.map(\.item.id) == ["back", "select", "add", "filter"])
        #expect(layout.hasTopBar)
        #expect(layout.contentHeight == 430 - 24 - 44)
    }

    @Test func exactlyAsManyItemsAsSlotsNeedNoOverflow() throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-closed-landscape")
        let layout = engine.layout(try PlacementSupport.screen(
            back: "Back",
            navigation: "[{title: A, symbol: plus}, {title: B, symbol: gear}]",
            toolbar: "[{title: C, symbol: bell}, {title: D, symbol: trash}]",
            tabs: "[{title: E, symbol: house}, {title: F, symbol: person}, {title: G, symbol: star}]"
        ), on: device)
        #expect(layout.items(in: .column).count == 8)
        #expect(!layout.hasOverflowButton)
        #expect(layout.overflow.isEmpty)
    }

    @Test func navigationItemsMoveOnlyAfterEveryToolbarItem() throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-closed-landscape")
        // 5 tabs and back keep 6 slots; 2 are free: the button and one item.
        let layout = engine.layout(try PlacementSupport.screen(
            back: "Back",
            navigation: "[{title: A, symbol: plus}, {title: B, symbol: gear}]",
            toolbar: "[{title: C, symbol: bell}]",
            tabs: "[{title: E, symbol: house}, {title: F, symbol: person}, {title: G, symbol: star}, {title: H, symbol: map}, {title: I, symbol: photo}]"
        ), on: device)
        #expect(layout.columnTop.map(\.item.id) == ["back", "a"])
        #expect(layout.overflow == ["b", "c"])
        #expect(layout.columnBottom.count == 5)
    }

    @Test func tabsAndBackKeepTheirSlotsEvenWhenNoneIsFree() throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-closed-landscape")
        let tabs = "[" + (1...7).map { "{title: T\($0), symbol: house}" }.joined(separator: ", ") + "]"
        let layout = engine.layout(try PlacementSupport.screen(back: "Back", toolbar: "[{title: Share, symbol: square.and.arrow.up}]", tabs: tabs), on: device)
        #expect(layout.items(in: .column).count == 8)
        #expect(layout.overflow == ["share"])
        #expect(layout.hasOverflowButton)
    }

    @Test func theSketchShowsTheOverflowButtonAndMenu() throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-closed-landscape")
        let s = Self.landscapeScreen
        let layout = engine.layout(try PlacementSupport.screen(back: s.back, navigation: s.navigation, toolbar: s.toolbar, tabs: s.tabs), on: device)
        let lines = ScreenSketch(layout: layout, title: "Photos").lines()
        #expect(lines.contains { $0.contains("⋯More") })
        #expect(lines.last == "⋯ More (overflow menu): ◆ Share, ◆ Like, ◆ Delete(7), ◆ Buy")
    }
}
