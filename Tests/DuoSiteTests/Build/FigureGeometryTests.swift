import Foundation
import Testing
@testable import DuoSite

/// Where a switching figure draws each part: every item inside the bar the
/// engine put it in, items of a bar apart, the column's slots and the bars'
/// rows as `figure.css` draws them.
@Suite struct FigureGeometryTests {
    /// Every state of every demo of the site and of the fixture site, laid
    /// out on every device, with a name for messages.
    static func everyLayout() throws -> [(name: String, layout: ScreenLayout)] {
        var layouts: [(String, ScreenLayout)] = []
        let engine = try PlacementSupport.realEngine()
        let devices = try PlacementSupport.devices()
        for root in [PlacementSupport.repositoryRoot, PlacementSupport.repositoryRoot.appendingPathComponent("Tests/Site/fixture")] {
            let (site, _) = SiteLoader(root: root).load()
            for pattern in site.patterns {
                for demo in pattern.demos.compactMap(\.demo) {
                    for state in demo.states {
                        for device in devices {
                            layouts.append(("\(pattern.slug), '\(state.name)' on \(device.id)", engine.layout(state.screen, on: device, withAdvice: false)))
                        }
                    }
                }
            }
        }
        return layouts
    }

    @Test func everyItemIsInsideItsBarAndApartFromTheOthers() throws {
        let layouts = try Self.everyLayout()
        #expect(layouts.count > 40)
        for (name, layout) in layouts {
            let geometry = FigureGeometry(layout)
            #expect(geometry.items.count == layout.items.count + (layout.hasOverflowButton ? 1 : 0), "\(name)")
            for (place, region) in geometry.regions {
                #expect(geometry.screen.contains(region), "\(name): the \(place) bar leaves the screen")
            }
            for item in geometry.items {
                let region = try #require(geometry.regions[item.place], "\(name): no \(item.place) bar for \(item.id)")
                #expect(region.contains(item.box), "\(name): \(item.id) at \(item.box) is outside the \(item.place) bar at \(region)")
                #expect(item.box.width > 0 && item.box.height > 0, "\(name): \(item.id) is not drawn")
                for other in geometry.items where other.id != item.id && other.place == item.place {
                    #expect(item.box.overlap(other.box) < 0.01, "\(name): \(item.id) overlaps \(other.id)")
                }
            }
            #expect(geometry.content.y == Double(layout.device.statusBar + layout.topBarHeight), "\(name)")
            #expect(geometry.content.height == Double(layout.contentHeight), "\(name)")
        }
    }

    @Test func theColumnFillsItsSlotsFromTheTopAndItsTabsFromTheBottom() throws {
        let site = try FigureTests.site()
        let demo = try FigureTests.shoppingDemo(site)
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-closed-portrait")
        let geometry = FigureGeometry(engine.layout(demo.states[1].screen, on: device, withAdvice: false))
        let column = geometry.items.filter { $0.place == .column }
        #expect(column.map(\.id) == ["back", "share", "messages", "home", "search"])
        #expect(column.map(\.box.y) == [54, 110, 166, 648, 704])
        #expect(column.allSatisfy { $0.box.x == 366 && $0.box.width == 64 && $0.box.height == 56 })
        #expect(geometry.regions[.column] == FigureBox(x: 366, y: 54, width: 64, height: 706))
        #expect(geometry.regions[.top] == FigureBox(x: 0, y: 54, width: 366, height: 54))
        // The top bar: Edit, then the cart, from the bar's leading edge.
        let top = geometry.items.filter { $0.place == .top }
        #expect(top.map(\.id) == ["edit", "total"])
        #expect(top[0].box.x == 12 && top[1].box.x == top[0].box.x + top[0].box.width + 10)
    }

    @Test func aFullBarNarrowsItsItemsToFit() throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("iphone-portrait")
        let titles = (1...6).map { "{title: A rather long title number \($0)}" }.joined(separator: ", ")
        let screen = try PlacementSupport.screen(navigation: "[\(titles)]")
        let geometry = FigureGeometry(engine.layout(screen, on: device, withAdvice: false))
        let top = geometry.items.filter { $0.place == .top }
        #expect(top.count == 6)
        let bar = try #require(geometry.regions[.top])
        #expect(top.allSatisfy { bar.contains($0.box) })
        #expect(top.last.map { $0.box.x + $0.box.width } ?? 0 <= bar.x + bar.width - 12 + 0.001)
    }

    @Test func theOverflowMenuOpensOverTheContentOnTheColumnsSide() throws {
        let engine = try PlacementSupport.realEngine()
        let demo = try PlacementSupport.demo(try PlacementSupport.fixtureText("landscape-demo.yml"))
        let device = try PlacementSupport.device("duo-closed-landscape")
        let geometry = FigureGeometry(engine.layout(demo.states[0].screen, on: device, withAdvice: false))
        let menu = try #require(geometry.regions[.overflow])
        #expect(geometry.content.contains(menu))
        #expect(menu.x + menu.width == geometry.content.x + geometry.content.width - 10)
        let rows = geometry.items.filter { $0.place == .overflow }
        #expect(rows.map(\.id) == ["share", "like", "trash", "buy"])
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.box.y + $0.box.height == $1.box.y })
        #expect(geometry.items.contains { $0.id == "system-overflow" && $0.place == .column })
    }

    /// Texts and their widths in ems: m and w 0.95, symbols 0.85, other
    /// capitals and digits 0.75, other letters 0.65, a space or an i 0.4,
    /// a wide character 1, a mark 0.
    static let widths: [(String, Double)] = [("Buy", 2.05), ("12", 1.5), ("Like ❤️", 3.85), ("e\u{301}", 0.65), ("写真", 2), ("<b>", 2.35), ("Mw", 1.9)]

    @Test(arguments: widths)
    func aTextsWidthIsEstimatedFromItsCharacters(text: String, ems: Double) {
        #expect(abs(FigureGeometry.textWidth(text) - ems * 15) < 0.001)
    }
}
