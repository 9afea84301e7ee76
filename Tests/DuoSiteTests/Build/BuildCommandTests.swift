import Foundation
import Testing
@testable import DuoSite

/// What `duosite build` prints and how it treats a broken theme.
@Suite struct BuildCommandTests {
    @Test func aBuildEndsWithAOneLineSummaryThatQuietSilences() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.setRealBaseURL()
        let loud = site.run(["build", "--today", "2026-11-29"])
        #expect(loud.status == 0)
        let lines = loud.out.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Built 2 pages in ") == true)
        #expect(lines.first?.hasSuffix(" s into Public/") == true)
        let quiet = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.out.isEmpty && quiet.err.isEmpty)
    }

    /// `--timings` prints the build's steps after everything else, on
    /// standard error, even with `--quiet`: a first build makes its
    /// staging folder, the next brings the spare up to date; each looks
    /// at the output's files first.
    @Test func timingsListEveryStepInOrderAfterTheSummary() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.setRealBaseURL()
        let first = site.run(["build", "--today", "2026-11-29", "--timings"])
        #expect(first.status == 0)
        #expect(first.out.split(separator: "\n").count == 1)
        // The stages one after another, in order, then the whole build.
        let steps = [
            "the output checked", "the theme and the site's files read", "what every page depends on, hashed", "the previous build's cache read",
            "the output's files checked", "the staging folder made", "the page files listed", "the pages read, checked, rendered and written",
            "the links between pages made, the pages finished", "the checks across pages", "the site-wide files and assets written", "the site swapped in", "the whole build",
        ]
        let lines = first.err.split(separator: "\n").map(String.init)
        #expect(lines.first == "Build steps, in milliseconds from the start (wall), and the CPU time of every thread over each:")
        // Each with its start, end and length, and its CPU time.
        for line in lines.dropFirst() {
            #expect(line.range(of: #"  [0-9]+\.[0-9] → +[0-9]+\.[0-9] +[0-9]+\.[0-9]  cpu +[0-9]+\.[0-9]$"#, options: .regularExpression) != nil, "\(line)")
        }
        let named = lines.dropFirst().map { line in
            steps.filter { line.hasPrefix("  " + $0 + " ") }.max { $0.count < $1.count }
        }
        #expect(named == steps.map(Optional.some))

        let quiet = site.run(["build", "--today", "2026-11-29", "--quiet", "--timings"])
        #expect(quiet.status == 0)
        #expect(quiet.out.isEmpty)
        #expect(quiet.err.contains("  the output's files checked "))
        #expect(quiet.err.contains("  the spare brought up to date "))
        #expect(!quiet.err.contains("the staging folder made"))
    }

    /// A build stopped by an error still says how long its steps took, up to where it stopped.
    @Test func timingsOfAStoppedBuildEndWhereItStopped() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("<p>\n  {{#page}}{{title}}{{/pages}}\n", to: "Theme/templates/404.mustache")
        let result = site.run(["build", "--today", "2026-11-29", "--timings"])
        #expect(result.status == 1)
        let report = try #require(result.err.range(of: "Build steps, in milliseconds"))
        // After the findings and the error that nothing was published.
        #expect(result.err[..<report.lowerBound].contains("error: nothing was published"))
        #expect(result.err[report.lowerBound...].contains("  the theme and the site's files read "))
        #expect(!result.err.contains("the site swapped in"))
    }

    @Test func aTemplateErrorNamesTheTemplateFileLineAndColumn() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        let before = site.tree()
        try site.write("<p>\n  {{#page}}{{title}}{{/pages}}\n", to: "Theme/templates/404.mustache")
        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("Theme/templates/404.mustache:2:"))
        #expect(result.err.contains("[template]"))
        #expect(site.tree() == before)
    }

    @Test func aMissingPartialIsReportedWhereItIsIncluded() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("{{> nowhere}}\n", to: "Theme/templates/404.mustache")
        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("Theme/templates/404.mustache:1:1: error:"))
    }

    @Test(arguments: [
        ["build", "--nope"],
        ["build", "extra"],
        ["build", "--today", "2026-13-01"],
        ["build", "--output"],
    ])
    func aWrongCommandLineExits64WithTheUsage(arguments: [String]) throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(arguments)
        #expect(result.status == 64)
        #expect(result.err.hasPrefix("error: "))
        #expect(result.err.contains("Usage: duosite build"))
        #expect(site.tree().isEmpty)
    }

    /// A misspelt command or option is named with the one meant; a flag
    /// given a value says it takes none.
    @Test(arguments: [
        (["bild"], "error: unknown command 'bild'; did you mean 'build'?\nUsage: duosite COMMAND [OPTIONS]\n"),
        (["chek", "--strict"], "error: unknown command 'chek'; did you mean 'check'?\n"),
        (["frobnicate"], "error: unknown command 'frobnicate'\nUsage: duosite COMMAND [OPTIONS]\n"),
        (["build", "--ouput", "Elsewhere"], "error: unknown option '--ouput'; did you mean '--output'?\nUsage: duosite build "),
        (["build", "--dafts"], "error: unknown option '--dafts'; did you mean '--drafts'?\n"),
        (["build", "--x"], "error: unknown option '--x'\nUsage: duosite build "),
        (["build", "--quiet=yes"], "error: --quiet takes no value\nUsage: duosite build "),
        (["place", "--devic", "duo-open", "Content/patterns/symbols-not-labels.md"], "error: unknown option '--devic'; did you mean '--device'?\n"),
    ])
    func aMisspeltCommandOrOptionIsNamed(arguments: [String], message: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(arguments)
        #expect(result.status == 64)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(site.tree().isEmpty)
    }

    @Test func helpDescribesEveryOption() throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(["build", "--help"])
        #expect(result.status == 0)
        for option in ["--root", "--output", "--base-url", "--drafts", "--today", "--quiet", "--timings"] {
            #expect(result.out.contains(option))
        }
    }
}
