/// What asking one address settled.
enum LinkOutcome: Sendable, Equatable {
    /// It answers (after temporary redirects, if any).
    case good
    /// It moved for good (301, 308) to `to`, which answers.
    case moved(status: Int, to: String)
    /// It is gone or cannot be reached: why, in words.
    case broken(String)
    /// It could not be settled (a bot wall answering 401 or 403 to HEAD and
    /// GET, 429 to the end): why, in words; not an error.
    case unsettled(String)
}
