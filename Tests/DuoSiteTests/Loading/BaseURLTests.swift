import Testing
@testable import DuoSite

/// The addresses a site can be published at: a host's root, since pages
/// link to each other from the root (`/patterns/…`).
@Suite struct BaseURLTests {
    @Test(arguments: ["https://duoapps.example", "https://duoapps.example/", "http://localhost:8080", "https://www.duoapps.example//"])
    func aHostsRootIsTaken(url: String) {
        #expect(SiteSettings.baseURLProblem(url) == nil)
    }

    @Test(arguments: [
        ("duoapps.example", "http or https address"),
        ("ftp://duoapps.example", "http or https address"),
        ("https://", "name a host"),
        ("https:///patterns", "name a host"),
        ("https://duo apps.example", "no spaces, quotes or brackets"),
        ("https://duoapps.example\"><script>", "no spaces, quotes or brackets"),
        ("https://duoapps.example/docs", "no path, query or fragment ('/docs')"),
        ("https://duoapps.example/docs/", "no path, query or fragment ('/docs')"),
        ("https://duoapps.example?lang=en", "no path, query or fragment ('?lang=en')"),
        ("https://duoapps.example#top", "no path, query or fragment ('#top')"),
    ])
    func otherAddressesAreRefusedSayingWhy(url: String, reason: String) throws {
        let problem = try #require(SiteSettings.baseURLProblem(url))
        #expect(problem.contains(reason), "\(problem)")
    }
}
