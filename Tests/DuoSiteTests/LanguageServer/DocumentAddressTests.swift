import Foundation
import Testing
@testable import DuoSite

/// `file:` URIs and the site's paths: escaped characters, a root named
/// with a trailing slash, a file outside the root.
@Suite struct DocumentAddressTests {
    @Test(arguments: ["/sites/duo apps", "/sites/é 😀/", "/tmp/x"])
    func aFilesURIAndItsPathGoBothWays(rootPath: String) {
        let address = DocumentAddress(root: URL(fileURLWithPath: rootPath))
        let file = "Content/patterns/a page é.md"
        let uri = address.uri(of: file)
        #expect(uri.hasPrefix("file:///"))
        #expect(!uri.contains(" "))
        #expect(address.file(of: uri) == file)
    }

    @Test func anEscapedURIAsAnEditorSendsItIsReadAsItsPath() {
        let address = DocumentAddress(root: URL(fileURLWithPath: "/sites/duo apps"))
        #expect(address.file(of: "file:///sites/duo%20apps/Content/patterns/x%C3%A9.md") == "Content/patterns/xé.md")
    }

    @Test(arguments: ["file:///elsewhere/x.md", "untitled:Untitled-1", "https://example.com/x.md", "file:///sites/duo"])
    func aDocumentOutsideTheSiteHasNoPath(uri: String) {
        #expect(DocumentAddress(root: URL(fileURLWithPath: "/sites/duo apps")).file(of: uri) == nil)
    }
}
