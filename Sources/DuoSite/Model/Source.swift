/// One entry of the bibliography, `Content/sources.yml`: a document or a
/// talk that rules cite.
public struct Source: Sendable {
    /// The fields, shared by copies until one changes.
    private struct Fields: Sendable {
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
        var urlLocation: SourceLocation?
    }

    private var storage: CopyOnWrite<Fields>

    /// Creates an entry.
    init(id: String, title: String, publisher: String, kind: String, date: Located<Day>?, url: String, short: String, duration: Int?, timeURL: String?, location: SourceLocation) {
        storage = CopyOnWrite(Fields(id: id, title: title, publisher: publisher, kind: kind, date: date, url: url, short: short, duration: duration, timeURL: timeURL, location: location))
    }

    /// The id citations use (`raise-the-bar`).
    public var id: String {
        get { storage.fields.id }
        _modify { yield &storage.fields.id }
    }

    /// The full title, shown in a page's numbered source list.
    public var title: String {
        get { storage.fields.title }
        _modify { yield &storage.fields.title }
    }

    /// Who published it (`Apple Developer`).
    public var publisher: String {
        get { storage.fields.publisher }
        _modify { yield &storage.fields.publisher }
    }

    /// What it is (`Tech Talk`, `Developer article`).
    public var kind: String {
        get { storage.fields.kind }
        _modify { yield &storage.fields.kind }
    }

    /// When it was published or last updated, if known.
    public var date: Located<Day>? {
        get { storage.fields.date }
        _modify { yield &storage.fields.date }
    }

    /// Where it is.
    public var url: String {
        get { storage.fields.url }
        _modify { yield &storage.fields.url }
    }

    /// The label a citation shows (`HIG`, `“Raise the bar”`).
    public var short: String {
        get { storage.fields.short }
        _modify { yield &storage.fields.short }
    }

    /// A video's length in seconds, if known: later timestamps are errors.
    public var duration: Int? {
        get { storage.fields.duration }
        _modify { yield &storage.fields.duration }
    }

    /// How to link to a moment of a video: `{url}` and `{seconds}` are
    /// replaced.
    public var timeURL: String? {
        get { storage.fields.timeURL }
        _modify { yield &storage.fields.timeURL }
    }

    /// Where the entry is written.
    public var location: SourceLocation {
        get { storage.fields.location }
        _modify { yield &storage.fields.location }
    }

    /// Where the `url:` value is written (nil for a source made in code):
    /// where `check --links` reports what its address answers.
    public var urlLocation: SourceLocation? {
        get { storage.fields.urlLocation }
        _modify { yield &storage.fields.urlLocation }
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
