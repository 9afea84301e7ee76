import Foundation
import YAML

/// Reads a site root into a `Site`, gathering every finding of every file.
/// Pages are read in parallel, and the result never depends on the order
/// they finish in.
public struct SiteLoader: Sendable {
    /// The site root.
    public var root: URL
    /// Whether pages are rendered to HTML fragments (for `build`).
    public var rendersHTML: Bool
    /// Whether pages are read on every core (false: one after another).
    public var parallel = true
    /// The page files, when the caller has listed them already
    /// (`patternFiles()`); listed when the site is read otherwise.
    var files: [String]?

    /// Creates a loader for a site root.
    public init(root: URL, rendersHTML: Bool = false) {
        self.root = root
        self.rendersHTML = rendersHTML
    }

    /// Reads the site.
    public func load() -> (Site, [Diagnostic]) {
        let (site, _, diagnostics) = load(processing: nil)
        return (site, diagnostics)
    }

    /// What became of one page file as the site was read.
    enum PageOutcome: Sendable {
        /// Read anew (and handed to `process`): the page kept.
        case read(Pattern)
        /// Left as a previous build had it: the caller keeps what stands in for it.
        case kept
        /// Not read: a name that cannot be an address, or a file that cannot be read or parsed.
        case unreadable
    }

    /// Reads the site, handing each page, as soon as it is read, to `process`
    /// (on the thread that read it) together with the site's settings and
    /// the page's own findings; the page kept is what `process` returns. The
    /// build renders and writes each page there, then keeps it without its
    /// HTML, so that memory does not grow with the pages' text.
    ///
    /// Each is given the page file's place in the list of page files too,
    /// and the worker reading it (see `ParallelMap.map(count:byWorker:)`),
    /// which reads one page at a time.
    /// `reuse`, given a page file's path, bytes and status, may keep the
    /// page as a previous build left it, returning its findings: the page is
    /// then not parsed (nor handed to `process`), and its outcome is `kept`.
    /// `reuseUnread`, given the path alone and asked first, may do the same
    /// without the file being read. The site's `patterns` are the pages
    /// read anew; the outcomes say, in page file order, what became of each.
    func load(
        processing process: (@Sendable (_ worker: Int, _ index: Int, Pattern, Site, [Diagnostic]) -> (Pattern, [Diagnostic]))?,
        reuseUnread: (@Sendable (Int, String) -> [Diagnostic]?)? = nil,
        reuse: (@Sendable (Int, String, [UInt8], stat) -> [Diagnostic]?)? = nil
    ) -> (Site, [PageOutcome], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var site = Site(root: root, settings: .fallback, sources: [], devices: [], patterns: [], symbols: nil, placement: nil)

        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(Site.Paths.content).path, isDirectory: &isFolder), isFolder.boolValue else {
            return (site, [], [Diagnostic(.missingFile, "no Content/ folder here: a site root holds Content/ and Theme/ (use --root to name another folder)", at: SourceLocation(file: Site.Paths.content))])
        }

        if let node = readYAML(Site.Paths.settings, required: true, diagnostics: &diagnostics, unreadable: &site.unreadableFiles) {
            let (settings, found) = SiteSettings.read(node, file: Site.Paths.settings)
            site.settings = settings
            diagnostics += found
        }
        if let node = readYAML(Site.Paths.sources, required: true, diagnostics: &diagnostics, unreadable: &site.unreadableFiles) {
            let (sources, found) = Source.readAll(node, file: Site.Paths.sources)
            site.sources = sources
            diagnostics += found
        }
        if let node = readYAML(Site.Paths.devices, required: true, diagnostics: &diagnostics, unreadable: &site.unreadableFiles) {
            let (devices, found) = Device.readAll(node, file: Site.Paths.devices)
            site.devices = devices
            diagnostics += found
        }
        if let node = readYAML(Site.Paths.placement, required: false, diagnostics: &diagnostics, unreadable: &site.unreadableFiles) {
            let (table, found) = PlacementTable.read(node, file: Site.Paths.placement)
            site.placement = table
            diagnostics += found
        }
        site.symbols = readSymbols()
        site.assets = Set(Self.assetPaths(root: root))
        let staticFiles = Self.staticPaths(root: root)
        site.staticFiles = Set(staticFiles)
        diagnostics += Self.staticFindings(staticFiles, root: root)

        let files = self.files ?? patternFiles()
        let (outcomes, found) = readPatterns(files, site: site, process: process, reuseUnread: reuseUnread, reuse: reuse)
        site.patterns = outcomes.compactMap { outcome in
            if case .read(let pattern) = outcome { return pattern }
            return nil
        }
        site.unreadablePages = Set(zip(files, outcomes).compactMap { file, outcome in
            if case .unreadable = outcome { return Self.slug(ofFile: file) }
            return nil
        })
        diagnostics += found
        return (site, outcomes, diagnostics)
    }

    /// The YAML of one of the site's files; nil when it is missing, or, noted
    /// in `unreadable`, when it cannot be read.
    private func readYAML(_ path: String, required: Bool, diagnostics: inout [Diagnostic], unreadable: inout Set<String>) -> YAMLNode? {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) else {
            if required {
                diagnostics.append(Diagnostic(.missingFile, "\(path) is missing; every site has one", at: SourceLocation(file: path)))
            }
            return nil
        }
        let node = YAMLDocument.read(path, root: root, diagnostics: &diagnostics)
        if node == nil { unreadable.insert(path) }
        return node
    }

    private func readSymbols() -> Set<String>? {
        let folder = root.appendingPathComponent(Site.Paths.symbols)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return Set(names.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) })
    }

    /// The theme's files, which the build copies to `/assets/`: their paths
    /// within `Theme/assets/`, sorted (none when the theme has no assets).
    static func assetPaths(root: URL) -> [String] {
        filePaths(in: root.appendingPathComponent(Site.Paths.assets).path)
    }

    /// The site's own files, which the build copies to the output's root:
    /// their paths within `Static/`, sorted (none when there is no such
    /// folder). Hidden files count: `.well-known/` and `.nojekyll` are
    /// what hosts look for.
    static func staticPaths(root: URL) -> [String] {
        filePaths(in: root.appendingPathComponent(Site.Paths.staticFiles).path)
    }

    /// Every file under `folder`, by its path within it, sorted.
    private static func filePaths(in folder: String) -> [String] {
        var paths: [String] = []
        func walk(_ folder: String, prefix: String) {
            for entry in FolderListing.entries(of: folder) {
                if entry.isFolder {
                    walk(folder + "/" + entry.name, prefix: prefix + entry.name + "/")
                } else {
                    paths.append(prefix + entry.name)
                }
            }
        }
        walk(folder, prefix: "")
        return paths.sorted()
    }

    /// A static file where the build writes a file of its own (a site-wide
    /// file, a page, the theme's assets) would replace it or be replaced:
    /// an error, so that neither goes unpublished unseen. So is an entry
    /// of `Static/` that is not a file to copy (a link to a folder).
    static func staticFindings(_ paths: [String], root: URL) -> [Diagnostic] {
        let folder = root.appendingPathComponent(Site.Paths.staticFiles).path
        return paths.compactMap { path in
            var info = stat()
            guard stat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                return Diagnostic(.missingFile, "cannot publish \(Site.Paths.staticFiles)/\(path): it is not a file that can be read (a link to a folder, or to nothing); put the files themselves in \(Site.Paths.staticFiles)/", at: SourceLocation(file: "\(Site.Paths.staticFiles)/\(path)"))
            }
            let what: String
            if let index = Site.Paths.publishedFiles.firstIndex(of: path) {
                what = index == 0 ? "in place of the home page, which the build writes; rename or remove it" : "in place of the file the build writes there; rename or remove it"
            } else if ["patterns", "assets", "api"].contains(path) {
                what = "in place of the folder the build writes there; rename or remove it"
            } else if path.hasPrefix("patterns/") {
                what = "among the pages, whose addresses are the build's; move it"
            } else if path.hasPrefix("assets/") {
                what = "among the theme's files, which the build publishes there; put it in \(Site.Paths.assets)/ instead"
            } else {
                return nil
            }
            return Diagnostic(.staticConflict, "this file would be published at '/\(path)', \(what)", at: SourceLocation(file: "\(Site.Paths.staticFiles)/\(path)"))
        }
    }

    /// The page files, sorted by name.
    func patternFiles() -> [String] {
        let folder = root.appendingPathComponent(Site.Paths.patterns)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted().map { "\(Site.Paths.patterns)/\($0)" }
    }

    /// The slug a page file's path names: its file name without `.md`.
    static func slug(ofFile path: String) -> String {
        // Read as bytes: a rebuild asks this of every page file, more than once.
        ByteScan.withUTF8(of: path) { bytes in
            var start = bytes.count
            while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            var end = bytes.count
            if end - start >= 3, bytes[end - 3] == UInt8(ascii: "."), bytes[end - 2] == UInt8(ascii: "m"), bytes[end - 1] == UInt8(ascii: "d") {
                end -= 3
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    private func readPatterns(
        _ files: [String],
        site: Site,
        process: (@Sendable (_ worker: Int, _ index: Int, Pattern, Site, [Diagnostic]) -> (Pattern, [Diagnostic]))?,
        reuseUnread: (@Sendable (Int, String) -> [Diagnostic]?)?,
        reuse: (@Sendable (Int, String, [UInt8], stat) -> [Diagnostic]?)?
    ) -> ([PageOutcome], [Diagnostic]) {
        let parser = PatternParser(rendersHTML: rendersHTML, allowRawHTML: site.settings.allowRawHTML, sourceIDs: site.sources.map(\.id))
        let rootPath = root.path
        let read: @Sendable (Int, Int) -> (PageOutcome, [Diagnostic]) = { worker, index in
            let path = files[index]
            var diagnostics: [Diagnostic] = []
            let name = Self.slug(ofFile: path)
            if !Self.isValidSlug(name) {
                diagnostics.append(Diagnostic(.invalidField, "the file name '\(name).md' cannot be a page's address; use lowercase letters, digits and '-' (like where-the-bars-go.md)", at: SourceLocation(file: path)))
                return (.unreadable, diagnostics)
            }
            if let kept = reuseUnread?(index, path) {
                return (.kept, kept)
            }
            guard let (bytes, status) = SourceFile.contents(atPath: rootPath + "/" + path) else {
                return (.unreadable, [Diagnostic(.missingFile, "cannot read \(path): the file is missing or unreadable", at: SourceLocation(file: path))])
            }
            if let kept = reuse?(index, path, bytes, status) {
                return (.kept, kept)
            }
            switch SourceFile.decode(bytes, path: path) {
            case .failure(let diagnostic):
                return (.unreadable, [diagnostic])
            case .success(let file):
                let (pattern, found) = parser.parse(file)
                guard let pattern else { return (.unreadable, found) }
                if let process {
                    let (processed, diagnostics) = process(worker, index, pattern, site, found)
                    return (.read(processed), diagnostics)
                }
                return (.read(pattern), found)
            }
        }
        let results = parallel ? ParallelMap.map(count: files.count, byWorker: read) : files.indices.map { read(0, $0) }
        return (results.map(\.0), results.flatMap(\.1))
    }

    /// Whether a file name makes a safe slug: lowercase letters, digits, `-`.
    static func isValidSlug(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "-", name.count <= 100 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
