import Diagnostics
import HTTP
import Synchronization

/// The live reload: the script every HTML page served gets, and the
/// Server-Sent Events it listens to. Each event's `id` is the number of
/// the build it announces and its data says which pages changed; a page
/// reloads when it is one of them, or when it has missed a build (its
/// stream was closed while one happened), so that it never shows an older
/// site than the server's.
final class LiveReload: Sendable {
    // Safe to send: the streams are kept in a Mutex.
    private let streams = Mutex<[EventStream]>([])

    /// Seconds between keep-alive comments on a quiet stream.
    static let keepAliveInterval: Double = 15

    /// A new stream for a browser, starting with the current build's
    /// number (`build`), so that a page older than it reloads at once.
    func connect(build: Int) -> EventStream {
        let stream = EventStream(first: Array("retry: 1000\n".utf8) + Self.event(build: build, changed: nil), keepAlive: Array(": keep-alive\n\n".utf8), interval: Self.keepAliveInterval)
        streams.withLock { open in
            open.removeAll { $0.isClosed }
            open.append(stream)
        }
        return stream
    }

    /// Tells every browser of build `build`, which changed the pages at
    /// `changed` (paths of the URL: `/`, `/patterns/x/`), or every page (nil).
    func announce(build: Int, changed: [String]?) {
        let bytes = changed.map { Self.event(build: build, changed: $0) } ?? Self.event(build: build, changed: nil, all: true)
        let open = streams.withLock { open in
            open.removeAll { $0.isClosed }
            return open
        }
        for stream in open { stream.send(bytes) }
    }

    /// How many browsers listen.
    var listeners: Int {
        streams.withLock { open in open.filter { !$0.isClosed }.count }
    }

    /// Ends every stream (the server stopping).
    func closeAll() {
        for stream in streams.withLock({ open in open }) { stream.close() }
    }

    /// One event: `id: N` and data `{"build":N,"changed":[…]}`; with no
    /// list, a greeting (`"hello":true`), or `"all":true` for every page.
    static func event(build: Int, changed: [String]?, all: Bool = false) -> [UInt8] {
        var data = "{\"build\":\(build)"
        if all {
            data += ",\"all\":true"
        } else if let changed {
            data += ",\"changed\":[" + changed.map { JSON.string($0) }.joined(separator: ",") + "]"
        } else {
            data += ",\"hello\":true"
        }
        return Array("id: \(build)\ndata: \(data)}\n\n".utf8)
    }

    /// The script a page served from build `build` gets, before `</body>`.
    static func script(build: Int) -> String {
        """
        <script>(()=>{let seen=\(build);const s=new EventSource("\(PreviewRoute.livePath)");s.onmessage=(m)=>{const d=JSON.parse(m.data);if(d.build<=seen)return;const missed=d.hello||d.build>seen+1;if(missed||d.all||(d.changed||[]).includes(location.pathname)){s.close();location.reload();return}seen=d.build}})();</script>
        """
    }
}
