import Testing
@testable import DuoSite

/// Where a request's target leads: a file of the site, the live stream, or
/// nowhere, whatever encoding of `..`, `/`, `\` or NUL it tries.
struct PreviewRouteTests {
    @Test(arguments: [
        ("/", PreviewRoute.file("index.html")),
        ("/?q=1", .file("index.html")),
        ("/patterns/where-the-bars-go/", .file("patterns/where-the-bars-go/index.html")),
        ("/patterns/where-the-bars-go/#rule-1", .file("patterns/where-the-bars-go/index.html")),
        ("/patterns/where-the-bars-go", .file("patterns/where-the-bars-go")),
        ("/assets/site.css", .file("assets/site.css")),
        ("/feed.xml", .file("feed.xml")),
        ("/.well-known/security.txt", .file(".well-known/security.txt")),
        ("/caf%C3%A9.txt", .file("café.txt")),
        ("/a%20b.txt", .file("a b.txt")),
        ("/_duosite/live", .live),
    ])
    func resolves(target: String, route: PreviewRoute) {
        #expect(PreviewRoute.resolve(target) == route)
    }

    @Test(arguments: [
        "/../etc/passwd", "/patterns/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/etc/passwd",
        "/.%2e/etc/passwd", "/%2e./x", "/./index.html", "/patterns/./x/", "/a%2fb", "/a%2F..%2Fb", "/..%2f..%2fetc%2fpasswd",
        "/a\\b", "/..\\..\\etc\\passwd", "/a%5cb", "/a%5C..%5Cb", "/a%00b", "/index.html%00.css", "/%0a", "/a\tb",
        "//etc/passwd", "/a//b", "/%ff", "/%c0%ae%c0%ae/etc/passwd", "/%", "/%2", "/%zz", "relative", "", "*",
        "http://evil.com/", "/patterns/..",
    ])
    func refuses(target: String) {
        #expect(PreviewRoute.resolve(target) == .bad, "\(target)")
    }
}

/// The Host a request may name: the bound address with its port.
struct HostCheckTests {
    @Test(arguments: ["127.0.0.1:4400", "localhost:4400", "LocalHost:4400", "[::1]:4400"])
    func loopbackNames(host: String) {
        #expect(HostCheck(host: "127.0.0.1", port: 4400).allows(host))
    }

    @Test(arguments: [nil, "", "127.0.0.1", "127.0.0.1:4401", "localhost", "evil.example:4400", "localhost.evil.example:4400",
                      "127.0.0.1.nip.io:4400", "[::1]", "192.168.1.5:4400", "127.0.0.1:4400 ", "127.0.0.1:4400@evil.example"])
    func otherNames(host: String?) {
        #expect(!HostCheck(host: "127.0.0.1", port: 4400).allows(host))
    }

    @Test func everyInterfaceAllowsAddressesNotNames() {
        let check = HostCheck(host: "0.0.0.0", port: 4400)
        #expect(check.allows("192.168.1.5:4400"))
        #expect(check.allows("[fe80::1]:4400"))
        #expect(!check.allows("evil.example:4400"))
        #expect(!check.allows("192.168.1.5:4401"))
        #expect(!check.allows("999.1.1.1:4400"))
    }
}

/// The type each file is served with.
struct ContentTypeTests {
    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("patterns/x/index.html", "text/html; charset=utf-8"),
        ("assets/site.css", "text/css; charset=utf-8"), ("assets/symbols/house.svg", "image/svg+xml"),
        ("feed.xml", "application/atom+xml; charset=utf-8"), ("sitemap.xml", "application/xml; charset=utf-8"),
        ("api/pages.json", "application/json; charset=utf-8"), ("robots.txt", "text/plain; charset=utf-8"),
        ("favicon.ico", "image/x-icon"), ("a.PNG", "image/png"), ("CNAME", "application/octet-stream"),
        (".nojekyll", "application/octet-stream"), ("font.woff2", "font/woff2"),
    ])
    func byExtension(path: String, type: String) {
        #expect(ContentType.of(path) == type)
    }
}
