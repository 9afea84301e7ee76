import Files
import Foundation

/// What every page of a build depends on, as two numbers: `build`, of
/// everything (site.yml, sources.yml, devices.yml, placement.yml, the
/// templates, the symbols, the names of the theme's assets and of
/// `Static/`'s files, the names the assets are published under, the base
/// URL, drafts, `--precompress`, the build's date, and which build of
/// duosite runs), and `reading`, of what a page's facts depend on
/// (the same but the base URL and drafts, which change only what is
/// written). A cache made with another fingerprint is not reused.
struct BuildFingerprint: Sendable, Equatable {
    /// The fingerprint of everything a page's HTML depends on.
    var build: UInt64
    /// The fingerprint of what a page's facts (its findings) depend on:
    /// `check` reuses a build's entries when it is the same.
    var reading: UInt64

    /// The fingerprints of a build of the site at `root` with `options`,
    /// its assets published under `assets`' names; `code` says which build
    /// of duosite runs (``codeIdentity``).
    init(root: URL, options: BuildOptions, assets: AssetNames = AssetNames(), code: String = Self.codeIdentity) {
        var build = ContentHash(), reading = ContentHash()
        build.add("\(DuoSiteVersion.number)|\(code)|\(options.today)|\(options.baseURL ?? "")|\(options.drafts)|\(options.precompress)")
        // Every page links the fingerprinted assets by name.
        build.add(assets.key)
        // As a build's with no base URL given and no drafts.
        reading.add("\(DuoSiteVersion.number)|\(code)|\(options.today)||false")
        func add(_ bytes: [UInt8]) {
            build.add(bytes.span)
            reading.add(bytes.span)
        }
        func add(_ text: String) {
            add(Array(text.utf8))
        }
        for path in [Site.Paths.settings, Site.Paths.sources, Site.Paths.devices, Site.Paths.placement] {
            add(path)
            add((try? SourceFile.contents(atPath: root.appendingPathComponent(path).path))?.bytes ?? [])
        }
        // The theme's and the site's files by name: pages' links to them are checked.
        for path in SiteLoader.assetPaths(root: root) {
            add("\(Site.Paths.assets)/\(path)\n")
        }
        for path in SiteLoader.staticPaths(root: root) {
            add("\(Site.Paths.staticFiles)/\(path)\n")
        }
        for folder in [Site.Paths.templates, Site.Paths.symbols] {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []).sorted()
            for name in names {
                add("\(folder)/\(name)")
                add((try? SourceFile.contents(atPath: root.appendingPathComponent(folder).appendingPathComponent(name).path))?.bytes ?? [])
            }
        }
        self.build = build.value
        self.reading = reading.value
    }

    /// Which duosite runs: its executable's size, time and inode. What a
    /// page's facts and HTML hold is only as good as the code that made
    /// them, and the version number does not change with every build of
    /// that code: a cache made by another build of duosite is not reused.
    /// Empty where the executable cannot be looked at (then the version
    /// alone tells).
    static let codeIdentity: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "" }
        return "\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)|\(info.st_ino)"
    }()
}
