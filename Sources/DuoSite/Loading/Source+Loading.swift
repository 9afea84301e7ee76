import Diagnostics
import YAML

extension Source {
    /// Reads sources.yml's root node: a map from id to entry.
    static func readAll(_ node: YAMLNode, file: String) -> ([Source], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        guard let pairs = node.pairs else {
            let location = SourceLocation(file: file, line: node.mark.line, column: node.mark.column)
            return ([], [Diagnostic(.invalidField, "sources.yml should be a map from source id to its entry", at: location)])
        }
        var sources: [Source] = []
        for pair in pairs {
            let id = pair.key.string ?? ""
            var reader = MappingReader(file: file, node: pair.value, subject: "source '\(id)'")
            let title = reader.string("title", required: true)
            let publisher = reader.string("publisher", required: true)
            let kind = reader.string("kind", required: true)
            let date = reader.day("date")
            let url = reader.string("url", required: true)
            let short = reader.string("short", required: true)
            var duration: Int?
            if let text = reader.string("duration") {
                if let seconds = Timestamp.seconds(text.value) {
                    duration = seconds
                } else {
                    reader.diagnostics.append(Diagnostic(.invalidField, "'duration' should be written M:SS or H:MM:SS, not '\(text.value)'", at: text.location))
                }
            }
            let timeURL = reader.string("time_url")
            if let timeURL, !timeURL.value.contains("{seconds}") {
                reader.diagnostics.append(Diagnostic(.invalidField, "'time_url' should contain {seconds}, where the moment goes", at: timeURL.location))
            }
            if let url, !(url.value.hasPrefix("https://") || url.value.hasPrefix("http://")) {
                reader.diagnostics.append(Diagnostic(.invalidField, "'url' should be an http or https address, not '\(url.value)'", at: url.location))
            }
            reader.reportUnknownKeys(known: keys)
            diagnostics += reader.diagnostics
            var source = Source(
                id: id, title: title?.value ?? id, publisher: publisher?.value ?? "", kind: kind?.value ?? "",
                date: date, url: url?.value ?? "", short: short?.value ?? id, duration: duration,
                timeURL: timeURL?.value,
                location: SourceLocation(file: file, line: pair.key.mark.line, column: pair.key.mark.column)
            )
            source.urlLocation = url?.location
            sources.append(source)
        }
        return (sources, diagnostics)
    }
}

/// Video moments and lengths, written `M:SS` or `H:MM:SS`.
public enum Timestamp {
    /// The number of seconds `6:13` or `1:02:03` stands for, or nil.
    public static func seconds(_ text: String) -> Int? {
        seconds(text.utf8.span)
    }

    /// The number of seconds UTF-8 text like `6:13` or `1:02:03` stands for, or nil.
    static func seconds(_ utf8: Span<UInt8>) -> Int? {
        // At most three parts (h:mm:ss); those read so far, with no list made.
        var first = 0, second = 0, parts = 0, digits = 0, value = 0
        for index in utf8.indices {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                if digits > 4 { return nil }
            case UInt8(ascii: ":"):
                guard digits > 0, parts < 2, parts == 0 || digits == 2 else { return nil }
                if parts > 0, value >= 60 { return nil }
                if parts == 0 { first = value } else { second = value }
                parts += 1
                value = 0
                digits = 0
            default:
                return nil
            }
        }
        guard digits == 2, parts > 0, value < 60 else { return nil }
        return parts == 1 ? first * 60 + value : (first * 60 + second) * 60 + value
    }
}
