import Diagnostics
import Files
import Foundation
import YAML

/// `duosite place FILE`: runs the placement engine on a page's demos.
struct PlaceCommand: Subcommand {
    static let name = "place"
    static let abstract = "Show where iPhone Duo puts each bar item of a demo, and why"
    /// The options it takes a value for, and its flags: what its usage lists.
    static let options: Set<String> = ["--root", "--device", "--format"]
    static let flags: Set<String> = ["--source", "--no-source"]
    static let help = """
    Usage: duosite place FILE [--root DIR] [--device ID] [--format text|json]
                         [--source | --no-source]

    Runs the placement engine on every demo block of a pattern page (or on a
    bare demo YAML file) and prints, for each state, where each item goes, in
    what form, by which rule, and the advice. FILE is read from the current
    folder (or else from the site root).

    Options:
      -r, --root DIR     The site root (default: the nearest folder from here
                         upward with Content/site.yml)
      --device ID        Lay the demos out on this device instead of their own
      -f, --format FORMAT
                         text (default: the screen drawn in the terminal) or
                         json
      --source           Show each finding's source line and a caret under its
                         column (the default on a terminal)
      --no-source        One line per finding, as tools read them (the default
                         when standard error is not a terminal)
      -h, --help         Show this help

    Exit status: 0 success; 1 the file or the table has errors; 64 the command
    line is wrong.

    """

    let file: String
    let root: URL
    let device: String?
    let format: String
    let currentDirectory: URL
    /// Whether findings show their source lines.
    let source: SourceDisplay

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: Self.options, flags: Self.flags)
        guard let file = parsed.positionals.first else { throw UsageError("missing FILE: a pattern page or a demo YAML file") }
        if parsed.positionals.count > 1 { throw UsageError("unexpected argument '\(parsed.positionals[1])'") }
        self.file = file
        root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        device = parsed["--device"]
        format = parsed["--format"] ?? "text"
        self.currentDirectory = currentDirectory
        source = try SourceDisplay(parsed)
        guard ["text", "json"].contains(format) else { throw UsageError("--format should be text or json, not '\(format)'") }
    }

    func validate() throws(UsageError) {
        try CommonOptions.validateRoot(root)
    }

    func run(_ console: Console) -> Int32 {
        var diagnostics: [Diagnostic] = []
        let devices = readDevices(&diagnostics)
        let table = readTable(&diagnostics)
        guard let table, !devices.isEmpty, !diagnostics.hasErrors else {
            DiagnosticWriter.writeText(diagnostics.sortedForOutput(), to: console)
            return 1
        }
        if let device, !devices.contains(where: { $0.id == device }) {
            var reason = "--device: devices.yml has no device '\(device)'"
            if let suggestion = Suggestion.nearest(to: device, in: devices.map(\.id)) {
                reason += "; did you mean '\(suggestion)'?"
            } else {
                reason += " (it has \(devices.map(\.id).joined(separator: ", ")))"
            }
            console.err("error: \(reason)\n\(Self.help.split(separator: "\n").first ?? "")\n")
            return 64
        }

        // The file: a pattern page, or a bare demo.
        let (path, url) = locateFile()
        guard let data = FileManager.default.contents(atPath: url.path) else {
            diagnostics.append(Diagnostic(.missingFile, "cannot read \(path): the file is missing or unreadable", at: SourceLocation(file: path)))
            DiagnosticWriter.writeText(diagnostics, to: console)
            return 1
        }
        let source: SourceFile
        switch SourceFile.decode(data, path: path) {
        case .failure(let diagnostic):
            DiagnosticWriter.writeText([diagnostic], to: console)
            return 1
        case .success(let file):
            source = file
        }
        // The page (or the demo) as a build reads it, its text judged by a build's checks.
        var demos: [DemoBlock] = []
        if Self.isPage(path) {
            let (read, found) = PageReader(allowRawHTML: false).read(source)
            diagnostics += found
            if let pattern = read?.pattern {
                diagnostics += Checkers.pageAlone(pattern, root: root, settings: .fallback)
                demos = pattern.demos
            }
        } else {
            var parser = DemoParser(file: path)
            if let demo = parser.parse(source.text, firstLine: 1, fence: SourceLocation(file: path)) {
                demos = [DemoBlock(location: demo.location, demo: demo)]
            }
            diagnostics += parser.diagnostics
        }
        // Each demo checked as a build checks it (a device devices.yml does
        // not have, an item no row of the table matches) on the device it is
        // laid out on — --device's, when given — and placed.
        var laidOut = demos
        if let device {
            for index in laidOut.indices {
                guard let location = laidOut[index].demo?.device.location else { continue }
                laidOut[index].demo?.device = Located(device, at: location)
            }
        }
        let site = Site(root: root, settings: .fallback, sources: [], devices: devices, patterns: [], symbols: nil, placement: table)
        let engine = PlacementEngine(table: table)
        let context = CheckContext(site: site, today: Day(dayNumber: 0), publishedSlugs: [], engine: engine)
        diagnostics += DemoChecker().check(laidOut, context) + PlacementChecker(scope: .demos).check(laidOut, context)
        var placed: [PlacedDemo] = []
        for (block, laid) in zip(demos, laidOut) {
            guard let demo = block.demo, let profile = laid.demo.flatMap({ demo in devices.first { $0.id == demo.device.value } }) else { continue }
            placed.append(PlacedDemo(demo: demo, line: block.location.line, device: profile, engine: engine))
        }

        switch format {
        case "json":
            console.out(PlacementReport.json(placed))
        default:
            if placed.isEmpty {
                console.out("\(path) has no demo to place.\n")
            } else {
                console.out(placed.map { PlacementReport.text($0, file: path, overflowTitle: table.overflow.title) }.joined(separator: "\n"))
            }
        }
        DiagnosticWriter.writeText(diagnostics.sortedForOutput(), to: console, sourceRoot: self.source.root(root, on: console))
        return diagnostics.hasErrors ? 1 : 0
    }

    /// Whether FILE is a pattern page (Markdown) rather than a demo's YAML.
    static func isPage(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown")
    }

    /// FILE's address, and its path as findings print it: relative to the
    /// site root when it is inside it. A relative FILE is looked for in the
    /// current folder, then in the site root.
    private func locateFile() -> (String, URL) {
        var url = URL(fileURLWithPath: file, relativeTo: currentDirectory).standardizedFileURL
        if !FileManager.default.fileExists(atPath: url.path), !file.hasPrefix("/") {
            let inRoot = root.appendingPathComponent(file).standardizedFileURL
            if FileManager.default.fileExists(atPath: inRoot.path) { url = inRoot }
        }
        let rootPath = root.standardizedFileURL.path
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        let path = url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : file
        return (path, url)
    }

    /// devices.yml of the site root.
    private func readDevices(_ diagnostics: inout [Diagnostic]) -> [Device] {
        guard let node = readYAML(Site.Paths.devices, &diagnostics) else { return [] }
        let (devices, found) = Device.readAll(node, file: Site.Paths.devices)
        diagnostics += found
        return devices
    }

    /// placement.yml of the site root.
    private func readTable(_ diagnostics: inout [Diagnostic]) -> PlacementTable? {
        guard let node = readYAML(Site.Paths.placement, &diagnostics) else { return nil }
        let (table, found) = PlacementTable.read(node, file: Site.Paths.placement)
        diagnostics += found
        return table
    }

    private func readYAML(_ path: String, _ diagnostics: inout [Diagnostic]) -> YAMLNode? {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) else {
            let what = path == Site.Paths.placement ? "the placement engine's decision table" : "the device profiles"
            diagnostics.append(Diagnostic(.missingFile, "\(path) is missing: duosite place reads \(what) there (use --root to name the site root)", at: SourceLocation(file: path)))
            return nil
        }
        return YAMLDocument.read(path, root: root, diagnostics: &diagnostics)
    }
}
