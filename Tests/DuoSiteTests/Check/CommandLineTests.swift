import Foundation
import Testing
@testable import DuoSite

/// The command line as Hugo's and Zola's users type it: short options, a
/// "did you mean" for their spellings, every option in the usage a typo
/// prints, help wrapped at word boundaries, and any folder inside a site
/// taken for the site.
struct CommandLineTests {
    static let commands: [any Subcommand.Type] = DuoSiteCommand.subcommands

    /// After a typo, the usage printed lists every option of the command.
    @Test func aTypoPrintsAUsageWithEveryOption() throws {
        let site = try TestSite()
        defer { site.remove() }
        for command in Self.commands {
            let run = site.run([command.name, "--lnks", "x"])
            #expect(run.status == 64, "\(command.name)")
            #expect(run.err.hasPrefix("error: unknown option '--lnks'"), "\(run.err)")
            let usage = try #require(run.err.components(separatedBy: "\n\n").first)
            for option in command.options.union(command.flags) {
                #expect(usage.contains("[" + option) || usage.contains("| " + option) || usage.contains(" " + option + " "), "\(command.name)'s usage lacks \(option): \(usage)")
            }
        }
        let check = site.run(["check", "--lnks"])
        #expect(check.err.hasPrefix("error: unknown option '--lnks'; did you mean '--links'?\nUsage: duosite check "))
        #expect(check.err.contains("[--links [--links-max-age AGE]]"))
    }

    /// Each line of help is as long as its words allow: the next line's
    /// first word would not have fitted in 76 columns, and none is longer
    /// than 80.
    @Test func helpIsWrappedAtWordBoundaries() {
        for command in Self.commands {
            let lines = command.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // The usage's lines break between its bracketed groups.
            let prose = (lines.firstIndex(of: "") ?? 0) + 1
            for (index, line) in lines.enumerated() where index >= prose {
                #expect(line.count <= 80, "\(command.name): \(line)")
                guard index + 1 < lines.count, !line.isEmpty, !lines[index + 1].isEmpty, !line.hasPrefix("Usage:"), !line.hasSuffix(":") else { continue }
                let next = lines[index + 1]
                let indent = next.prefix { $0 == " " }.count
                // An option's name on a line of its own is followed by its description.
                if line.hasPrefix("  -") && !line.dropFirst(2).contains("  ") { continue }
                if next.hasPrefix("  -") || indent < 4 && line.hasPrefix(" ") { continue }
                let word = next.dropFirst(indent).prefix { $0 != " " }
                #expect(line.count + 1 + word.count > 76, "\(command.name) --help wraps early: '\(line)' / '\(next)'")
            }
        }
        #expect(!CheckCommand.help.contains("Pages\n"))
    }

    @Test(arguments: [
        (["build", "--buildDrafts"], "unknown option '--buildDrafts'; did you mean '--drafts'?"),
        (["build", "--destination", "x"], "unknown option '--destination'; did you mean '--output'?"),
        (["build", "--baseURL", "https://x.example"], "unknown option '--baseURL'; did you mean '--base-url'?"),
        (["build", "--base_url=https://x.example"], "unknown option '--base_url'; did you mean '--base-url'?"),
        (["build", "--source-dir", "x"], "unknown option '--source-dir'"),
        (["serve", "--bind", "0.0.0.0"], "unknown option '--bind'; did you mean '--host'?"),
        (["serve", "--interface", "0.0.0.0"], "unknown option '--interface'; did you mean '--host'?"),
        (["check", "--output-dir", "x"], "unknown option '--output-dir'; did you mean '--output'?"),
        (["build", "-x"], "unknown option '-x'"),
        (["place", "-D", "x.md"], "unknown option '-D'"),
    ])
    func hugoAndZolaSpellings(arguments: [String], reason: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let run = site.run(arguments)
        #expect(run.status == 64)
        #expect(run.err.hasPrefix("error: " + reason), "\(run.err)")
    }

    @Test func shortOptions() throws {
        let site = try TestSite()
        defer { site.remove() }
        let elsewhere = FileManager.default.temporaryDirectory
        func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
            let output = Captured()
            let console = Console(out: { output.append(out: $0) }, err: { output.append(err: $0) })
            let status = DuoSiteCommand.run(arguments: arguments, currentDirectory: elsewhere, console: console)
            return (status, output.out, output.err)
        }
        let out = site.root.appendingPathComponent("Out").path
        let build = run(["build", "-r", site.root.path, "-o", out, "-D", "-b", "https://duoapps.test.invalid", "--today", "2026-11-29", "-q", "--no-source"])
        #expect(build.status == 0, "\(build.err)")
        #expect(try String(contentsOfFile: out + "/sitemap.xml", encoding: .utf8).contains("https://duoapps.test.invalid/"))
        let check = run(["check", "-r", site.root.path, "-f", "json", "--today", "2026-11-29"])
        #expect(check.status == 0)
        #expect(check.out.hasPrefix("{"))
        for help in [["build", "-h"], ["-h"], ["check", "--root", ".", "-h"]] {
            let shown = run(help)
            #expect(shown.status == 0)
            #expect(shown.out.contains("Usage: duosite"))
        }
        #expect(BuildCommand.help.contains("  -D, --drafts "))
        #expect(ServeCommand.help.contains("  -p, --port N "))
        #expect(run(["-V"]).out == "duosite \(DuoSiteVersion.number)\n")
    }

    /// From any folder inside a site, the site is found; paths on the
    /// command line are the current folder's; findings keep the root's.
    @Test func everyCommandFindsTheSiteFromInside() throws {
        let site = try TestSite()
        defer { site.remove() }
        let patterns = site.root.appendingPathComponent("Content/patterns")
        func run(_ arguments: [String], in folder: URL) -> (status: Int32, out: String, err: String) {
            let output = Captured()
            let console = Console(out: { output.append(out: $0) }, err: { output.append(err: $0) })
            let status = DuoSiteCommand.run(arguments: arguments, currentDirectory: folder, console: console)
            return (status, output.out, output.err)
        }
        let check = run(["check", "--today", "2026-11-29"], in: patterns)
        #expect(check.status == 0, "\(check.err)")
        #expect(check.out.hasPrefix("2 pages checked"))
        let place = run(["place", "symbols-not-labels.md"], in: patterns)
        #expect(place.status == 0, "\(place.err)")
        #expect(place.out.contains("Content/patterns/symbols-not-labels.md"))
        let made = run(["new", "From inside", "--today", "2026-11-29"], in: patterns)
        #expect(made.out.hasPrefix("Wrote Content/patterns/from-inside.md"), "\(made.err)")
        let marked = run(["mark-checked", "from-inside.md", "--today", "2026-11-30"], in: patterns)
        #expect(marked.status == 0, "\(marked.err)")
        #expect(marked.out.hasPrefix("Content/patterns/from-inside.md: last checked 2026-11-29 → 2026-11-30"))
        // A finding names the file from the root.
        try site.write("---\ntitle: Broken\n", to: "Content/patterns/broken.md")
        let broken = run(["check", "--today", "2026-11-30", "--no-source"], in: site.root.appendingPathComponent("Theme/templates"))
        #expect(broken.status == 1)
        #expect(broken.err.hasPrefix("Content/patterns/broken.md:"), "\(broken.err)")
        // The output is the current folder's when named: not inside Content/.
        let build = run(["build", "--today", "2026-11-30", "-o", "Built", "-q"], in: patterns)
        #expect(build.status == 64)
        #expect(build.err.contains("/Content/patterns/Built"), "\(build.err)")
        try site.delete("Content/patterns/broken.md")
        let built = run(["build", "--today", "2026-11-30", "-o", "../../Built", "-q"], in: patterns)
        #expect(built.status == 0, "\(built.err)")
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Built/index.html").path))
        // Outside any site: said so, with --root.
        let nowhere = run(["check"], in: FileManager.default.temporaryDirectory)
        #expect(nowhere.status == 1)
        #expect(nowhere.err.contains("--root"), "\(nowhere.err)")
    }
}
