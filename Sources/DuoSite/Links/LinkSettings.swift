import Foundation

/// How `check --links` asks: the documented defaults, and smaller numbers
/// for tests, which cannot wait 20 seconds for a time-out.
public struct LinkSettings: Sendable {
    /// How long a request may go without an answer, in seconds.
    public var timeout: Double = 20
    /// How many times a request is tried again after a 5xx, a 429 or a
    /// time-out.
    public var retries = 2
    /// The pause before trying again, in seconds, when the server gives no
    /// `Retry-After`.
    public var retryPause: Double = 2
    /// The longest `Retry-After` waited for, in seconds.
    public var retryAfterCap: Double = 60
    /// How many redirects are followed.
    public var redirectLimit = 10
    /// How many requests go to one host at a time.
    public var perHost = 2
    /// The pause between the starts of two requests to one host, in seconds.
    public var hostPause: Double = 0.25
    /// How many requests go out at a time in all.
    public var total = 8
    /// How long a good answer is remembered, in seconds (0: not at all).
    public var maxAge: Double = 86_400

    /// The documented defaults.
    public init() {}

    /// `--links-max-age`'s value in seconds: `0`, or a whole number with
    /// `h` (hours) or `d` (days); nil when it is written otherwise.
    static func age(_ text: String) -> Double? {
        if text == "0" { return 0 }
        guard let unit = text.last, let count = Int(text.dropLast()), count >= 0, text.first != "+" else { return nil }
        switch unit {
        case "h": return Double(count) * 3_600
        case "d": return Double(count) * 86_400
        default: return nil
        }
    }
}
