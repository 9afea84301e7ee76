@testable import DuoSite
import Testing

/// site.yml's `language` lands in every page's `lang` attribute and in the
/// feed: it must be a language tag.
struct LanguageTagTests {
    @Test(arguments: ["en", "fr", "en-GB", "zh-Hant-TW", "de-CH-1996", "es-419", "gsw"])
    func aLanguageTagIsAccepted(tag: String) {
        #expect(SiteSettings.isLanguageTag(tag))
    }

    @Test(arguments: ["", "e", "english", "en_GB", "en-", "-en", "en--GB", "en-abcdefghi", "en GB", "én", "en\" x=\"y"])
    func anythingElseIsRefused(text: String) {
        #expect(!SiteSettings.isLanguageTag(text))
    }
}
