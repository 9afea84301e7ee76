import Foundation

/// The theme's symbol drawings, `Theme/assets/symbols/<name>.svg`, read once
/// and made ready to inline in figures: the XML prolog and comments taken
/// out, the drawing hidden from assistive technologies (the figure's text
/// alternative says what it shows), and ids dropped where nothing refers to
/// them, so that a symbol drawn twice on a page repeats no id. A drawing
/// that holds a script, an event handler, a style sheet or foreign content
/// is refused: figures have no scripts, and a page's styles are the theme's.
public struct SymbolLibrary: Sendable {
    /// The drawings, by symbol name, ready to inline.
    public private(set) var drawings: [String: String]

    /// A library of these drawings (name → SVG text); unusable ones are left out.
    public init(drawings: [String: String]) {
        // Each drawing is prepared on its own, on every core.
        let named = Array(drawings)
        let prepared = ParallelMap.map(named.indices.map { $0 }) { Self.prepare(named[$0].value) }
        var library: [String: String] = [:]
        for (index, svg) in prepared.enumerated() {
            if let svg { library[named[index].key] = svg }
        }
        self.drawings = library
    }

    /// Reads every `*.svg` of `folder` once; an empty library when the folder
    /// does not exist.
    public init(folder: URL) {
        var texts: [String: String] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in names where file.hasSuffix(".svg") && !file.hasPrefix(".") {
            let url = folder.appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: url.path), data.count <= 256 * 1024,
                  let text = String(data: data, encoding: .utf8) else { continue }
            texts[String(file.dropLast(4))] = text
        }
        self.init(drawings: texts)
    }

    /// The theme's symbols of the site root `root`.
    public init(root: URL) {
        self.init(folder: root.appendingPathComponent(Site.Paths.symbols))
    }

    /// The drawing of `name`, ready to inline, or nil when the theme has none.
    public func svg(_ name: String) -> String? {
        drawings[name]
    }

    /// The symbols the library has.
    public var names: Set<String> { Set(drawings.keys) }

    /// The expressions `prepare` looks for, compiled once rather than once a
    /// drawing.
    private enum Patterns {
        /// An event handler attribute (`onload=`).
        nonisolated(unsafe) static let handler = try! NSRegularExpression(pattern: #"\son[a-z]+\s*="#)
        /// A reference to anything outside the drawing.
        nonisolated(unsafe) static let outsideReference = try! NSRegularExpression(pattern: #"(href|src)\s*=\s*["'](?!#)"#)
        /// An id attribute.
        nonisolated(unsafe) static let id = try! NSRegularExpression(pattern: #"\sid\s*=\s*("[^"]*"|'[^']*')"#)
    }

    /// An SVG file's text made ready to inline, or nil when it is not a safe
    /// drawing.
    static func prepare(_ text: String) -> String? {
        var svg = text
        for (open, close) in [("<?", "?>"), ("<!--", "-->"), ("<!DOCTYPE", ">"), ("<!doctype", ">")] {
            while let start = svg.range(of: open), let end = svg.range(of: close, range: start.upperBound..<svg.endIndex) {
                svg.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        svg = svg.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = svg.lowercased()
        guard lowered.hasPrefix("<svg"), lowered.hasSuffix("</svg>") else { return nil }
        for forbidden in ["<script", "<foreignobject", "<style", "<iframe", "<!entity", "javascript:", "<use", "<image", "<a "] where lowered.contains(forbidden) {
            return nil
        }
        let loweredRange = NSRange(lowered.startIndex..., in: lowered)
        if Patterns.handler.firstMatch(in: lowered, range: loweredRange) != nil { return nil }
        if Patterns.outsideReference.firstMatch(in: lowered, range: loweredRange) != nil { return nil }

        // Ids only where nothing in the drawing refers to one.
        if !lowered.contains("url(#"), !lowered.contains("href=\"#"), !lowered.contains("href='#") {
            svg = Patterns.id.stringByReplacingMatches(in: svg, range: NSRange(svg.startIndex..., in: svg), withTemplate: "")
        }
        svg = svg.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: " ")

        // The root element: hidden from assistive technologies, never focused.
        guard let close = svg.firstIndex(of: ">") else { return nil }
        var head = String(svg[..<close])
        let selfClosing = head.hasSuffix("/")
        if selfClosing { head.removeLast() }
        if !head.contains("aria-hidden") { head += " aria-hidden=\"true\"" }
        if !head.contains("focusable") { head += " focusable=\"false\"" }
        return head + (selfClosing ? "/" : "") + String(svg[close...])
    }
}
