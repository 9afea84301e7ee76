@testable import DuoSite
import Testing

/// What the build agrees to write into its staging folder: paths that stay
/// inside it, whatever a page's slug or a theme's file is called.
@Suite("Output paths")
struct OutputFolderTests {
    @Test(arguments: [
        ("index.html", true), ("patterns/where-the-bars-go/index.html", true), ("api/pages.json", true),
        ("patterns/.../index.html", true), ("patterns/.hidden/index.html", true), ("a..b/c", true),
        ("", false), ("/etc/passwd", false), ("patterns//index.html", false), ("patterns/", false),
        ("../outside", false), ("patterns/../../outside", false), ("./index.html", false), ("patterns/./x", false),
        ("..", false), (".", false),
    ])
    func onlyPathsInsideTheFolderAreWritten(path: String, safe: Bool) {
        #expect(OutputFolder.isSafe(path) == safe)
    }
}
