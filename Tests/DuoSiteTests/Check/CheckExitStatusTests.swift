import Foundation
import Testing
import DuoSite

/// What `duosite check` and the command line exit with: 0 clean or with
/// warnings only, 1 with an error (or a warning under `--strict`), 64 for a
/// command line that is wrong, with a one-line reason and the usage.
struct CheckExitStatusTests {
    @Test func cleanSiteExitsZero() throws {
        let site = try ScratchSite()
        #expect(site.check().status == 0)
        #expect(site.check(["--strict"]).status == 0)
    }

    @Test func anErrorExitsOne() throws {
        let site = try ScratchSite(copying: "broken-link")
        #expect(site.check().status == 1)
        #expect(site.check(["--strict"]).status == 1)
    }

    @Test func onlyWarningsExitZeroUnlessStrict() throws {
        let site = try ScratchSite(copying: "due-soon")
        let run = site.check()
        #expect(run.status == 0)
        #expect(run.err.contains("warning:"))
        #expect(site.check(["--strict"]).status == 1)
        #expect(site.check(["--strict", "--format", "json"]).status == 1)
        #expect(site.check(["--format", "github", "--strict"]).status == 1)
    }

    @Test func staleIsAnErrorUnderEveryFormat() throws {
        let site = try ScratchSite(copying: "stale")
        for format in ["text", "json", "github"] {
            #expect(site.check(["--format", format]).status == 1)
        }
    }

    @Test func theCurrentFolderIsTheDefaultRoot() throws {
        let site = try ScratchSite(copying: "stale")
        let run = CheckSupport.run(["check", "--today", "2026-11-29"], in: site.root)
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("Content/patterns/first-page.md:5:15: error:"))
    }

    @Test func aRelativeRoot() throws {
        let site = try ScratchSite(copying: "stale")
        let parent = site.root.deletingLastPathComponent()
        let run = CheckSupport.run(["check", "--root", site.root.lastPathComponent, "--today", "2026-11-29"], in: parent)
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("Content/patterns/first-page.md:5:15: error:"))
    }

    @Test func aFolderWithNoContentIsAnError() throws {
        let site = try ScratchSite()
        try site.remove("Content")
        let run = site.check()
        #expect(run.status == 1)
        #expect(run.err.contains("Content"))
    }

    // MARK: Usage errors

    /// Command lines that are wrong, and a word the one-line reason names.
    @Test(arguments: [
        (["check", "--frobnicate"], "--frobnicate"),
        (["check", "--today", "2026-13-01"], "2026-13-01"),
        (["check", "--today", "2026-02-30"], "2026-02-30"),
        (["check", "--today", "tomorrow"], "tomorrow"),
        (["check", "--today", "2026-1-5"], "2026-1-5"),
        (["check", "--today=26-11-29"], "26-11-29"),
        (["check", "--today"], "--today"),
        (["check", "--format", "xml"], "xml"),
        (["check", "--format=yaml"], "yaml"),
        (["check", "--format"], "--format"),
        (["check", "--strict=yes"], "--strict"),
        (["check", "extra"], "extra"),
        (["chek"], "chek"),
        (["--frobnicate"], "--frobnicate"),
        ([], "command"),
    ])
    func usageError(arguments: [String], word: String) throws {
        let site = try ScratchSite()
        let run = CheckSupport.run(arguments, in: site.root)
        #expect(run.status == 64)
        #expect(run.out.isEmpty)
        let lines = run.err.split(separator: "\n").map(String.init)
        let reason = try #require(lines.first)
        #expect(reason.hasPrefix("error: "))
        #expect(reason.contains(word), "\(reason)")
        #expect(lines.contains { $0.hasPrefix("Usage: duosite") }, "\(run.err)")
    }

    @Test func usageErrorForCheckShowsCheckUsage() throws {
        let site = try ScratchSite()
        let run = CheckSupport.run(["check", "--today", "someday"], in: site.root)
        #expect(run.status == 64)
        #expect(run.err.contains("Usage: duosite check [--root DIR] [--output DIR] [--today DATE]\n                     [--format text|json|github] [--strict]\n                     [--links [--links-max-age AGE]]\n"))
    }

    @Test func aRootThatIsNoFolderIsAUsageError() throws {
        let site = try ScratchSite()
        let run = CheckSupport.run(["check", "--root", site.root.appendingPathComponent("nowhere").path], in: site.root)
        #expect(run.status == 64)
        #expect(run.err.hasPrefix("error: --root"))
    }

    // MARK: Help and version

    @Test(arguments: ["build", "check", "place"])
    func commandHelp(command: String) throws {
        let site = try ScratchSite()
        for flag in ["--help", "-h"] {
            let run = CheckSupport.run([command, flag], in: site.root)
            #expect(run.status == 0)
            #expect(run.out.hasPrefix("Usage: duosite \(command)"))
            #expect(run.err.isEmpty)
        }
        let viaHelp = CheckSupport.run(["help", command], in: site.root)
        #expect(viaHelp.status == 0)
        #expect(viaHelp.out.hasPrefix("Usage: duosite \(command)"))
    }

    @Test func helpWinsOverOtherArguments() throws {
        let site = try ScratchSite()
        let run = CheckSupport.run(["check", "--today", "never", "--help"], in: site.root)
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("Usage: duosite check"))
    }

    @Test func overview() throws {
        let site = try ScratchSite()
        for flag in ["--help", "-h", "help"] {
            let run = CheckSupport.run([flag], in: site.root)
            #expect(run.status == 0)
            #expect(run.out.contains("Usage: duosite COMMAND [OPTIONS]"))
            for command in ["build", "check", "place"] {
                #expect(run.out.contains("  \(command) "))
            }
        }
    }

    @Test func version() throws {
        let site = try ScratchSite()
        let run = CheckSupport.run(["--version"], in: site.root)
        #expect(run.status == 0)
        #expect(run.out == "duosite \(DuoSiteVersion.number)\n")
        #expect(run.err.isEmpty)
    }
}
