import Diagnostics
import Foundation
import Testing
@testable import DuoSite

/// What the placement tests share: the repository's own table and devices,
/// items and demos written in a line, fixtures, temporary site roots, and a
/// console that keeps what a command prints.
enum PlacementSupport {
    /// The repository's root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of a file of the repository.
    static func repositoryText(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// A table read from YAML text, which must have no finding.
    static func table(_ text: String) throws -> PlacementTable {
        let (table, diagnostics) = PlacementTable.parse(text)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.formatted))")
        return try #require(table)
    }

    /// The repository's Content/placement.yml.
    static func realTable() throws -> PlacementTable {
        try table(repositoryText(Site.Paths.placement))
    }

    /// The repository's engine.
    static func realEngine() throws -> PlacementEngine {
        PlacementEngine(table: try realTable())
    }

    /// The repository's Content/devices.yml.
    static func devices() throws -> [Device] {
        let text = try repositoryText(Site.Paths.devices)
        guard case .success(let node?) = YAMLDocument.parse(text, file: Site.Paths.devices) else {
            Issue.record("devices.yml does not parse")
            return []
        }
        let (devices, diagnostics) = Device.readAll(node, file: Site.Paths.devices)
        #expect(diagnostics.isEmpty)
        return devices
    }

    /// One device of the repository's devices.yml.
    static func device(_ id: String) throws -> Device {
        try #require(try devices().first { $0.id == id })
    }

    /// A demo read from YAML text, which must have no finding.
    static func demo(_ yaml: String, file: String = "demo.yml") throws -> Demo {
        var parser = DemoParser(file: file)
        let demo = parser.parse(yaml, firstLine: 1, fence: Diagnostics.SourceLocation(file: file))
        #expect(parser.diagnostics.isEmpty, "\(parser.diagnostics.map(\.formatted))")
        return try #require(demo)
    }

    /// The screen of a one-state demo on `device` with these bars, each a
    /// YAML list of items (`[{title: Share}]`).
    static func screen(back: String? = nil, navigation: String = "[]", toolbar: String = "[]", tabs: String = "[]") throws -> Screen {
        var yaml = "device: duo-closed-portrait\nscreen:\n"
        if let back { yaml += "  back: \(back)\n" }
        yaml += "  navigation: \(navigation)\n  toolbar: \(toolbar)\n  tabs: \(tabs)\n"
        return try #require(try demo(yaml).states.first).screen
    }

    /// One item, declared in `bar`, from its YAML map (`{title: Share}`).
    static func item(_ map: String, in bar: Bar = .toolbar) throws -> BarItem {
        let screen: Screen
        switch bar {
        case .back: screen = try self.screen(back: map)
        case .navigation: screen = try self.screen(navigation: "[\(map)]")
        case .toolbar: screen = try self.screen(toolbar: "[\(map)]")
        case .tabs: screen = try self.screen(tabs: "[\(map)]")
        }
        return try #require(screen.allItems.first)
    }

    /// A fixture of Tests/DuoSiteTests/Fixtures/Placement.
    static func fixture(_ name: String) throws -> URL {
        let base = try #require(Bundle.module.resourceURL)
        let url = base.appendingPathComponent("Fixtures/Placement/\(name)")
        #expect(FileManager.default.fileExists(atPath: url.path), "no fixture \(name)")
        return url
    }

    /// A fixture's text.
    static func fixtureText(_ name: String) throws -> String {
        try String(contentsOf: try fixture(name), encoding: .utf8)
    }
}

/// A copy of the repository's Content/ and Theme/ in a temporary folder of
/// its own, which one test may change and run duosite in.
struct PlacementSite {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-placement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for folder in ["Content", "Theme"] {
            try FileManager.default.copyItem(at: PlacementSupport.repositoryRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func delete(_ path: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    /// Replaces `old` by `new` in a file; the file must contain `old`.
    func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try read(path)
        #expect(text.contains(old), "\(path) does not contain \(old)")
        try write(text.replacingOccurrences(of: old, with: new), to: path)
    }

    /// Runs duosite in the site root.
    func run(_ arguments: [String]) -> PlacementRun {
        PlacementRun(arguments, in: root)
    }

    /// The site, read, and the findings of `duosite check`.
    func check() -> [Diagnostic] {
        SiteCheck.run(root: root, today: Day("2026-11-01")!).diagnostics
    }
}

/// One run of duosite, with what it printed.
struct PlacementRun {
    let status: Int32
    let out: String
    let err: String

    init(_ arguments: [String], in folder: URL) {
        let output = Captured()
        let console = Console(out: { output.append(out: $0) }, err: { output.append(err: $0) })
        status = DuoSiteCommand.run(arguments: arguments, currentDirectory: folder, console: console)
        out = output.out
        err = output.err
    }

    /// The standard output as JSON.
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8))
        return try #require(object as? [String: Any])
    }
}
