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
            // Read as the pages are: a named pipe is never waited on.
            guard let (bytes, _) = try? SourceFile.contents(atPath: url.path), bytes.count <= 256 * 1024,
                  let text = String(validating: bytes, as: UTF8.self) else { continue }
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

    /// An SVG file's text made ready to inline, or nil when it is not a safe
    /// drawing.
    ///
    /// Searched as UTF-8 bytes, with no regular expression: Foundation's
    /// string search goes through NSString on Linux, and its regular
    /// expressions set up ICU, which took more than all the rest of a
    /// rebuild's page. Attribute names are compared in ASCII lower case, as
    /// HTML compares them; white space is what a regular expression's `\s`
    /// is (ASCII's and Unicode's space separators).
    static func prepare(_ text: String) -> String? {
        var svg = Array(text.utf8)
        for (open, close) in [("<?", "?>"), ("<!--", "-->"), ("<!DOCTYPE", ">"), ("<!doctype", ">")] {
            let open = Array(open.utf8), close = Array(close.utf8)
            while let start = svg.firstRange(of: open), let end = svg.firstRange(of: close, from: start.upperBound) {
                svg.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        svg = SVGText.trimmed(svg)
        let lowered = svg.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        func has(_ needle: String) -> Bool { lowered.firstRange(of: Array(needle.utf8)) != nil }
        guard lowered.starts(with: "<svg".utf8), lowered.reversed().starts(with: "</svg>".utf8.reversed()) else { return nil }
        for forbidden in ["<script", "<foreignobject", "<style", "<iframe", "<!entity", "javascript:", "<use", "<image", "<a "] where has(forbidden) {
            return nil
        }
        if SVGText.hasEventHandler(lowered) || SVGText.hasOutsideReference(lowered) { return nil }

        // Ids only where nothing in the drawing refers to one.
        if !has("url(#"), !has("href=\"#"), !has("href='#") {
            svg = SVGText.removingIDs(svg)
        }
        // One line: CR LF and LF become a space.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(svg.count)
        var previous: UInt8 = 0
        for byte in svg {
            if byte == 0x0A {
                if previous == 0x0D { bytes.removeLast() }
                bytes.append(0x20)
            } else {
                bytes.append(byte)
            }
            previous = byte
        }

        // The root element: hidden from assistive technologies, never focused.
        guard let close = bytes.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        var head = Array(bytes[..<close])
        let selfClosing = head.last == UInt8(ascii: "/")
        if selfClosing { head.removeLast() }
        if head.firstRange(of: Array("aria-hidden".utf8)) == nil { head.append(contentsOf: " aria-hidden=\"true\"".utf8) }
        if head.firstRange(of: Array("focusable".utf8)) == nil { head.append(contentsOf: " focusable=\"false\"".utf8) }
        if selfClosing { head.append(UInt8(ascii: "/")) }
        head.append(contentsOf: bytes[close...])
        return String(decoding: head, as: UTF8.self)
    }
}
