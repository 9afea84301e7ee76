/// One entry of the bibliography, `Content/sources.yml`: a document or a
/// talk that rules cite.
public struct Source: Sendable {
    /// The fields, in one object shared by every copy until one changes:
    /// a source is copied into each page's list and each citation's link.
    private final class Storage: @unchecked Sendable {
        // Only ever changed while uniquely referenced: see `makeUnique`.
        var id: String
        var title: String
        var publisher: String
        var kind: String
        var date: Located<Day>?
        var url: String
        var short: String
        var duration: Int?
        var timeURL: String?
        var location: SourceLocation

        init(id: String, title: String, publisher: String, kind: String, date: Located<Day>?, url: String, short: String, duration: Int?, timeURL: String?, location: SourceLocation) {
            self.id = id
            self.title = title
            self.publisher = publisher
            self.kind = kind
            self.date = date
            self.url = url
            self.short = short
            self.duration = duration
            self.timeURL = timeURL
            self.location = location
        }

        func copy() -> Storage {
            Storage(id: id, title: title, publisher: publisher, kind: kind, date: date, url: url, short: short, duration: duration, timeURL: timeURL, location: location)
        }
    }

    private var storage: Storage

    /// Creates an entry.
    init(id: String, title: String, publisher: String, kind: String, date: Located<Day>?, url: String, short: String, duration: Int?, timeURL: String?, location: SourceLocation) {
        storage = Storage(id: id, title: title, publisher: publisher, kind: kind, date: date, url: url, short: short, duration: duration, timeURL: timeURL, location: location)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The id citations use (`raise-the-bar`).
    public var id: String {
        get { storage.id }
        _modify {
            makeUnique()
            yield &storage.id
        }
    }

    /// The full title, shown in a page's numbered source list.
    public var title: String {
        get { storage.title }
        _modify {
            makeUnique()
            yield &storage.title
        }
    }

    /// Who published it (`Apple Developer`).
    public var publisher: String {
        get { storage.publisher }
        _modify {
            makeUnique()
            yield &storage.publisher
        }
    }

    /// What it is (`Tech Talk`, `Developer article`).
    public var kind: String {
        get { storage.kind }
        _modify {
            makeUnique()
            yield &storage.kind
        }
    }

    /// When it was published or last updated, if known.
    public var date: Located<Day>? {
        get { storage.date }
        _modify {
            makeUnique()
            yield &storage.date
        }
    }

    /// Where it is.
    public var url: String {
        get { storage.url }
        _modify {
            makeUnique()
            yield &storage.url
        }
    }

    /// The label a citation shows (`HIG`, `“Raise the bar”`).
    public var short: String {
        get { storage.short }
        _modify {
            makeUnique()
            yield &storage.short
        }
    }

    /// A video's length in seconds, if known: later timestamps are errors.
    public var duration: Int? {
        get { storage.duration }
        _modify {
            makeUnique()
            yield &storage.duration
        }
    }

    /// How to link to a moment of a video: `{url}` and `{seconds}` are
    /// replaced.
    public var timeURL: String? {
        get { storage.timeURL }
        _modify {
            makeUnique()
            yield &storage.timeURL
        }
    }

    /// Where the entry is written.
    public var location: SourceLocation {
        get { storage.location }
        _modify {
            makeUnique()
            yield &storage.location
        }
    }

    /// Whether the source is a talk (it can be cited at a moment): the
    /// numbered list names its kind.
    public var isVideo: Bool { timeURL != nil || duration != nil }

    /// The address of a moment of the video, or of the source itself.
    public func url(atSecond seconds: Int?) -> String {
        guard let seconds, let timeURL else { return url }
        return Self.expand(timeURL, ["{url}": url, "{seconds}": String(seconds)])
    }

    /// `template` with each `{name}` of `values` replaced (unknown ones kept).
    static func expand(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[open...close])
            result += values[name] ?? name
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The keys a source entry may hold.
    static let keys = ["title", "publisher", "kind", "date", "url", "short", "duration", "time_url"]
}
