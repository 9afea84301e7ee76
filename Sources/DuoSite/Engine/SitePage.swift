import Diagnostics
import Mustache

/// One page file as the site engine holds it once read: what the page
/// pipeline made of it — its facts and findings, whether it was rendered —
/// and, rendered into the output folder, its holes (`TemplateHole`, filled
/// once every page is read); published into memory, its text. A page
/// waits for the others as this alone: its facts, not its HTML.
struct SitePage: Sendable {
    /// The page file, relative to the site root.
    var file: String
    /// Its facts and findings, and whether it was rendered (or why not).
    var result: PagePipeline.Result
    /// The hash of the text it was read from (0 when not asked for).
    var hash: UInt64 = 0
    /// Its file's stamp when read (`SourceStamp`), or 0.
    var stamp: UInt64 = 0
    /// Whether its facts were taken from the previous build rather than read.
    var kept = false
    /// Where its rendering left holes, when it was rendered into the output
    /// folder and its holes are not filled yet.
    var holes: [TemplateHole]?
    /// Its text as read, when it is published into memory: rendered when
    /// it is asked for (`MemoryPages`).
    var text: [UInt8]?
    /// What the site-wide files show of it (`SiteWideFiles.pageKey`), made
    /// as it is read into memory (a build's entry has its own).
    var listingKey: UInt64?
    /// Whether the reading stopped at it: the system refused to read any
    /// more files (`result.findings` says why).
    var stopsReading = false
    /// What the next build keeps of it (a build's, once it is finished; or
    /// the previous build's, when it was kept).
    var entry: BuildCache.Entry?

    /// Its facts; nil when it could not be read.
    var facts: PageFacts? { result.facts }

    /// A page file that could not be read, and why.
    static func unreadable(_ file: String, _ findings: [Diagnostic]) -> SitePage {
        SitePage(file: file, result: PagePipeline.Result(facts: nil, findings: findings))
    }

    /// A page file unchanged since the previous build: that build's entry
    /// stands in for it.
    static func unchanged(_ entry: BuildCache.Entry) -> SitePage {
        SitePage(file: entry.file, result: PagePipeline.Result(facts: entry.facts, findings: entry.facts.findings), hash: entry.hash,
                 stamp: entry.stamp, kept: true, entry: entry)
    }
}
