import Diagnostics

/// One entry of the bibliography, `Content/sources.yml`: a document or a
/// talk that rules cite.
@dynamicMemberLookup
public struct Source: Sendable {
    /// The fields, shared by copies until one changes.
    public struct Fields: Sendable {
        /// The id citations use (`raise-the-bar`).
        public var id: String
        /// The full title, shown in a page's numbered source list.
        public var title: String
        /// Who published it (`Apple Developer`).
        public var publisher: String
        /// What it is (`Tech Talk`, `Developer article`).
        public var kind: String
        /// When it was published or last updated, if known.
        public var date: Located<Day>?
        /// Where it is.
        public var url: String
        /// The label a citation shows (`HIG`, `“Raise the bar”`).
        public var short: String
        /// A video's length in seconds, if known: later timestamps are errors.
        public var duration: Int?
        /// How to link to a moment of a video: `{url}` and `{seconds}` are
        /// replaced.
        public var timeURL: String?
        /// Where the entry is written.
        public var location: SourceLocation
        /// Where the `url:` value is written (nil for a source made in code):
        /// where `check --links` reports what its address answers.
        public var urlLocation: SourceLocation?
    }

    private var storage: CopyOnWrite<Fields>

    /// Each field of ``Fields`` as a property of its own (`source.url`): read where
    /// it lies in the shared box, copied first when changed while shared.
    @inline(__always)
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        _read { yield storage.fields[keyPath: field] }
        _modify { yield &storage.fields[keyPath: field] }
    }

    /// Creates an entry.
    init(id: String, title: String, publisher: String, kind: String, date: Located<Day>?, url: String, short: String, duration: Int?, timeURL: String?, location: SourceLocation) {
        storage = CopyOnWrite(Fields(id: id, title: title, publisher: publisher, kind: kind, date: date, url: url, short: short, duration: duration, timeURL: timeURL, location: location))
    }

    /// Whether the source is a talk (it can be cited at a moment): the
    /// numbered list names its kind.
    public var isVideo: Bool { self.timeURL != nil || self.duration != nil }

    /// The address of a moment of the video, or of the source itself.
    public func address(atSecond seconds: Int?) -> String {
        guard let seconds, let timeURL = self.timeURL else { return self.url }
        return Self.expand(timeURL, ["{url}": self.url, "{seconds}": String(seconds)])
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
