import Testing
@testable import DuoSite

/// Video moments and lengths as editors write them (`M:SS`, `H:MM:SS`).
@Suite struct TimestampTests {
    @Test(arguments: [
        ("6:13", 373), ("0:00", 0), ("59:59", 3_599), ("60:00", 3_600), ("1:02:03", 3_723),
        ("10:00:00", 36_000), ("0:09", 9), ("1234:05", 74_045),
    ])
    func readsAMoment(text: String, seconds: Int) {
        #expect(Timestamp.seconds(text) == seconds)
    }

    @Test(arguments: [
        "", "613", ":13", "6:", "6:1", "6:130", "0:60", "1:60:00", "1:02:60", "1:2:03",
        "1:02:03:04", "12345:00", "6:13x", " 6:13", "6:13 ", "-6:13", "6::13", "٦:١٣",
    ])
    func refusesWhatIsNotAMoment(text: String) {
        #expect(Timestamp.seconds(text) == nil)
    }
}
