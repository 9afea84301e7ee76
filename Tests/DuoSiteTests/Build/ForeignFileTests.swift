import Foundation
import Testing
@testable import DuoSite

/// A build never deletes or overwrites a file it did not write: a file
/// added to the output anywhere (a page's folder, `assets/`) is named, and
/// the build refuses, changing nothing, until it is moved out.
@Suite struct ForeignFileTests {
    @Test(arguments: ["assets/notes.txt", "patterns/where-the-bars-go/notes.txt", "notes/deep/notes.txt", "tags/notes.txt"])
    func aFileAddedToTheOutputIsNamedAndKept(path: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        // Into a folder no build published into, and into a build's output.
        for built in [false, true] {
            if built {
                site.build()
            }
            try site.write("precious\n", to: "Public/" + path)
            for _ in 0..<2 {
                let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
                #expect(result.status == 64)
                #expect(result.err.contains("holds '\(path)', which duosite did not write"), "\(result.err)")
                #expect(try site.read("Public/" + path) == "precious\n")
            }
            try site.delete("Public/" + path)
        }
        // Moved out, the build publishes, and the next too.
        site.build()
        site.build()
    }
}
