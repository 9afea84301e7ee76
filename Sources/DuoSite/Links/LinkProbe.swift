import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How one address is asked: HEAD first, GET when HEAD is refused;
/// redirects followed one by one (at most `redirectLimit`), a permanent one
/// (301, 308) remembered as the address the link moved to, a temporary one
/// (302, 303, 307) followed without a word; a 5xx, a 429 or a time-out
/// tried again after a pause (`Retry-After`, up to its cap, when the
/// server gives one).
struct LinkProbe: Sendable {
    /// How it asks.
    var settings: LinkSettings
    /// Sends one request and waits for its answer.
    var send: @Sendable (_ address: String, _ method: String) -> LinkAnswer
    /// Waits before a request to a host (the pause between two to one host).
    var awaitTurn: @Sendable (_ host: String) -> Void = { _ in }
    /// Sleeps for a number of seconds (between tries).
    var sleep: @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }

    /// What asking `address` settles.
    func outcome(of address: String) -> LinkOutcome {
        var current = address
        var movedTo: String?
        var movedStatus = 0
        var onlyPermanent = true
        var redirects = 0
        while true {
            let answer = ask(current)
            switch answer {
            case .status(let status, let location, _) where [301, 302, 303, 307, 308].contains(status):
                guard let location, let next = URL(string: location, relativeTo: URL(string: current))?.absoluteString else {
                    return .broken("\(Self.where(address, current)) answers \(Self.describe(status)) with no address to go to")
                }
                redirects += 1
                guard redirects <= settings.redirectLimit else {
                    return .broken("\(Self.where(address, current)) redirects more than \(settings.redirectLimit) times")
                }
                if status == 301 || status == 308, onlyPermanent {
                    movedTo = next
                    movedStatus = status
                } else {
                    onlyPermanent = false
                }
                current = next
            case .status(let status, _, _) where status < 300:
                guard let movedTo else { return .good }
                return .moved(status: movedStatus, to: movedTo)
            case .status(let status, _, _):
                return Self.verdict(status: status, at: Self.where(address, current))
            case .failed(let failure):
                return Self.verdict(failure: failure, at: Self.where(address, current), timeout: settings.timeout, tries: settings.retries + 1)
            }
        }
    }

    /// One address asked: HEAD, then GET when HEAD is refused (any 4xx but
    /// 404, 410 and 429; 501), each tried again as it needs.
    private func ask(_ address: String) -> LinkAnswer {
        let head = tryAgainAsNeeded(address, method: "HEAD")
        if case .status(let status, _, _) = head, status == 501 || ((400...499).contains(status) && ![404, 410, 429].contains(status)) {
            return tryAgainAsNeeded(address, method: "GET")
        }
        return head
    }

    /// One request, tried again after a 5xx (but 501), a 429 or a time-out,
    /// at most `retries` more times; the last answer.
    private func tryAgainAsNeeded(_ address: String, method: String) -> LinkAnswer {
        let host = LinkAddress.host(of: address)
        var tries = 0
        while true {
            awaitTurn(host)
            let answer = send(address, method)
            tries += 1
            guard tries <= settings.retries else { return answer }
            switch answer {
            case .status(let status, _, let retryAfter) where status == 429 || (status >= 500 && status != 501):
                sleep(Self.seconds(retryAfter: retryAfter).map { min($0, settings.retryAfterCap) } ?? settings.retryPause)
            case .failed(.timedOut), .failed(.other):
                sleep(settings.retryPause)
            default:
                return answer
            }
        }
    }

    /// What a final status other than a success or a redirect means.
    static func verdict(status: Int, at place: String) -> LinkOutcome {
        switch status {
        case 401, 403: return .unsettled("\(place) answers \(describe(status)) to HEAD and GET")
        case 429: return .unsettled("\(place) still answers \(describe(429)) after the retries")
        case 400...499: return .broken("\(place) answers \(describe(status))")
        case 500...: return .broken("\(place) answers \(describe(status)), still after the retries")
        default: return .broken("\(place) answers \(describe(status)), which is not an answer")
        }
    }

    /// What a request that got no status means.
    static func verdict(failure: LinkAnswer.Failure, at place: String, timeout: Double, tries: Int) -> LinkOutcome {
        switch failure {
        case .unresolved: return .broken("the host of \(place) does not resolve: no such name")
        case .refused: return .broken("\(place) refuses the connection: nothing answers there")
        case .timedOut: return .broken("\(place) did not answer within \(seconds(timeout)) second\(timeout == 1 ? "" : "s"), \(tries) times")
        case .other(let reason): return .broken("\(place) cannot be reached, \(tries) times: \(reason)")
        }
    }

    /// `Retry-After` in seconds: a number of seconds, or an HTTP date.
    static func seconds(retryAfter: String?) -> Double? {
        guard let text = retryAfter?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Int(text) { return Double(max(0, seconds)) }
        // An IMF-fixdate, `Wed, 21 Oct 2026 07:28:00 GMT` (RFC 9110).
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }

    /// `404 Not Found`: a status with its reason.
    static func describe(_ status: Int) -> String {
        let reason = HTTPURLResponse.localizedString(forStatusCode: status)
        return reason.isEmpty ? "\(status)" : "\(status) \(reason.capitalized)"
    }

    /// The address asked, and the one redirected to when it is another.
    private static func `where`(_ address: String, _ current: String) -> String {
        current == address ? address : "\(address) (redirected to \(current))"
    }

    /// Seconds as people write them: `20`, `0.5`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
