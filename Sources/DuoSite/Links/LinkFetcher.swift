import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One HTTP answer as `check --links` reads it: the status with the headers
/// it needs, or why no answer came.
enum LinkAnswer: Sendable, Equatable {
    /// Why no status came back.
    enum Failure: Sendable, Equatable {
        /// The host's name does not resolve.
        case unresolved
        /// The host refused the connection (nothing listens on the port).
        case refused
        /// No answer within the time-out.
        case timedOut
        /// Anything else (a connection lost, TLS refused), in Foundation's words.
        case other(String)
    }

    /// A status, with `Location` and `Retry-After` when sent.
    case status(Int, location: String?, retryAfter: String?)
    /// No status.
    case failed(Failure)
}

/// The one `URLSession` of a link check: long-lived, ephemeral (no cookies
/// or cache kept), with a session-level delegate that is told of each
/// redirect and refuses it, so that the check sees every 301, 302, 303, 307
/// and 308 and follows them itself (a per-task delegate is not told of
/// redirects on Linux), and that stops a GET once its head has come (the
/// body is not needed). A class: it owns the session, which it invalidates
/// when it goes.
final class LinkFetcher: Sendable {
    private let session: URLSession
    private let delegate: Delegate
    private let userAgent: String
    private let timeout: Double

    /// A session whose requests say `userAgent` and give up after
    /// `timeout` seconds without an answer.
    init(userAgent: String, timeout: Double) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpShouldSetCookies = false
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        delegate = Delegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.userAgent = userAgent
        self.timeout = timeout
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `method` to `address` and waits for the answer's head (at most
    /// the time-out, and a second more for the session to say so).
    func fetch(_ address: String, method: String) -> LinkAnswer {
        guard let url = URL(string: address) else { return .failed(.other("not an address")) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("*/*", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        let exchange = Exchange()
        delegate.begin(task.taskIdentifier, exchange)
        task.resume()
        if exchange.done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            delegate.end(task.taskIdentifier)
            return .failed(.timedOut)
        }
        return exchange.answer.withLock { $0 } ?? .failed(.other("no answer"))
    }

    /// One request under way: its answer once known.
    private final class Exchange: Sendable {
        let done = DispatchSemaphore(value: 0)
        let answer = Mutex<LinkAnswer?>(nil)
    }

    /// The session's delegate: every task's redirects and head.
    private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
        private let exchanges = Mutex<[Int: Exchange]>([:])

        func begin(_ id: Int, _ exchange: Exchange) {
            exchanges.withLock { $0[id] = exchange }
        }

        @discardableResult
        func end(_ id: Int) -> Exchange? {
            exchanges.withLock { $0.removeValue(forKey: id) }
        }

        /// Each redirect is refused: the task ends with the 3xx itself.
        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
            finish(task.taskIdentifier, with: Self.answer(response))
            completionHandler(nil)
        }

        /// The head is all that is needed: the body is not read.
        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
            if let response = response as? HTTPURLResponse {
                finish(dataTask.taskIdentifier, with: Self.answer(response))
            }
            completionHandler(.cancel)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            if let response = task.response as? HTTPURLResponse {
                finish(task.taskIdentifier, with: Self.answer(response))
            } else {
                finish(task.taskIdentifier, with: .failed(Self.failure(error)))
            }
        }

        /// Settles a task's answer, once: the first of the redirect, the
        /// head and the end says it.
        private func finish(_ id: Int, with answer: LinkAnswer) {
            guard let exchange = end(id) else { return }
            exchange.answer.withLock { $0 = answer }
            exchange.done.signal()
        }

        private static func answer(_ response: HTTPURLResponse) -> LinkAnswer {
            .status(response.statusCode, location: response.value(forHTTPHeaderField: "Location"), retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
        }

        private static func failure(_ error: (any Error)?) -> LinkAnswer.Failure {
            guard let error = error as? URLError else { return .other(error.map { "\($0)" } ?? "no answer") }
            switch error.code {
            case .cannotFindHost, .dnsLookupFailed: return .unresolved
            case .cannotConnectToHost: return .refused
            case .timedOut: return .timedOut
            default: return .other(error.localizedDescription)
            }
        }
    }
}
