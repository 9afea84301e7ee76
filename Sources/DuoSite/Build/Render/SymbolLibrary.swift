import Files
import Foundation

/// The theme's symbol drawings, `Theme/assets/symbols/<name>.svg`, read once
/// and made ready for a page's sprite: each drawing becomes a `<symbol>`
/// element that a page defines once, in a hidden `<svg>`, and that its
/// figures draw with `<svg><use href="#…"/></svg>`.
///
/// The drawing attributes every symbol's root has alike (`fill`,
/// `stroke`, `stroke-width` …) are said once on each figure, as CSS
/// (`sharedStyle`), which every drawing in it inherits; a symbol keeps the
/// others.
///
/// A drawing is made safe on the way: the XML prolog and comments taken
/// out, and a drawing refused when it holds a script, an event handler, a
/// style sheet or foreign content (figures have no scripts, and a page's
/// styles are the theme's), or when it refers to anything by address or id
/// (an `href` or `src`, a `url(…)`: a file elsewhere, or a gradient, clip
/// path, mask, marker, pattern or filter of its own). Drawn from a hidden
/// sprite, a drawing's references to its own parts are not painted alike by
/// every browser, and its ids would stand among the page's; so every id is
/// taken out, and the only id a symbol has is the one the library gives it.
public struct SymbolLibrary: Sendable {
    /// One drawing, ready for a page's sprite.
    public struct Symbol: Sendable, Equatable {
        /// Its place among the library's symbols, in the order of their
        /// names: the order of a page's sprite.
        public var index: Int
        /// The id of its element in a page, which its drawings refer to:
        /// `_` and its place from 1 (`_3`), a form no heading's anchor
        /// (lower-case letters, digits and `-`) nor any other id duosite
        /// gives can take.
        public var id: String
        /// The element a page's sprite holds: `<symbol id="_3" viewBox="0 0
        /// 24 24" fill="none" …>…</symbol>`, the drawing's root attributes
        /// but its size, namespaces, ids and accessibility attributes.
        public var element: String
    }

    /// The symbols, by name.
    public private(set) var symbols: [String: Symbol]
    /// The symbols in the order of their names (`Symbol.index`).
    public private(set) var ordered: [Symbol]
    /// The drawing attributes every symbol's root has alike, as CSS
    /// declarations (`fill:none;stroke:currentColor;stroke-width:2`), or
    /// empty: said once on each figure, whence each drawing inherits them,
    /// rather than on every symbol of a page's sprite. Only properties that
    /// are inherited, with plain values, are shared so.
    public private(set) var sharedStyle: String

    /// The root attributes that may be shared: presentation attributes of
    /// SVG that are inherited CSS properties.
    static let inherited: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "paint-order",
        "clip-rule", "shape-rendering",
    ]

    /// A library of these drawings (name → SVG text); unusable ones are left out.
    public init(drawings: [String: String]) {
        // Each drawing is prepared on its own, on every core; numbered in
        // the order of the names of those that are usable.
        let named = drawings.sorted { $0.key < $1.key }
        let prepared = ParallelMap.map(named.indices.map { $0 }) { Self.prepare(named[$0].value) }
        let usable = prepared.indices.compactMap { index in prepared[index].map { (name: named[index].key, parts: $0) } }
        // The attributes every drawing has alike, in the first drawing's order.
        var shared = usable.first?.parts.attributes.filter { $0.shareable != nil } ?? []
        for drawing in usable.dropFirst() {
            shared.removeAll { attribute in !drawing.parts.attributes.contains { $0.shareable == attribute.shareable } }
        }
        sharedStyle = shared.compactMap(\.shareable).map { "\($0.name):\($0.value)" }.joined(separator: ";")
        var symbols: [String: Symbol] = [:]
        var ordered: [Symbol] = []
        for drawing in usable {
            let id = "_\(ordered.count + 1)"
            var element = "<symbol id=\"\(id)\""
            for attribute in drawing.parts.attributes where !shared.contains(where: { $0.shareable != nil && $0.shareable == attribute.shareable }) {
                element += " "
                element += attribute.text
            }
            element += ">"
            element += drawing.parts.content
            element += "</symbol>"
            let symbol = Symbol(index: ordered.count, id: id, element: element)
            symbols[drawing.name] = symbol
            ordered.append(symbol)
        }
        self.symbols = symbols
        self.ordered = ordered
    }

    /// A root attribute a symbol keeps: as written, and, when it is an
    /// inherited drawing property with a plain value, its name and value.
    struct Attribute {
        var text: String
        var shareable: Shareable?

        /// An attribute's name and value, as CSS would have them.
        struct Shareable: Equatable {
            var name: String
            var value: String
        }
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

    /// The symbol `name`, or nil when the theme has no usable drawing of it.
    public func symbol(_ name: String) -> Symbol? {
        symbols[name]
    }

    /// The symbols the library has.
    public var names: Set<String> { Set(symbols.keys) }

    /// The root attributes a symbol leaves out: the drawing's size (the
    /// figure sizes each drawing of it), its namespaces, ids and what it
    /// says to assistive technologies (the sprite is hidden; each drawing
    /// of it stands in an image named by the figure's text alternative).
    static func isLeftOut(_ name: [UInt8]) -> Bool {
        let text = String(decoding: name, as: UTF8.self)
        return ["width", "height", "x", "y", "id", "xmlns", "role", "focusable", "tabindex", "version", "baseprofile"].contains(text)
            || text.hasPrefix("xmlns:") || text.hasPrefix("aria-")
    }

    /// An SVG file's text made ready for a sprite — the attributes its
    /// `<symbol>` element keeps and what the root element holds — or nil
    /// when it is not a safe drawing.
    ///
    /// Searched as UTF-8 bytes, with no regular expression: Foundation's
    /// string search goes through NSString on Linux, and its regular
    /// expressions set up ICU, which took more than all the rest of a
    /// rebuild's page. Attribute names are compared in ASCII lower case, as
    /// HTML compares them; white space is what a regular expression's `\s`
    /// is (ASCII's and Unicode's space separators).
    static func prepare(_ text: String) -> (attributes: [Attribute], content: String)? {
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
        if SVGText.hasEventHandler(lowered) || SVGText.hasReference(lowered) { return nil }
        // Nothing refers to an id: every one goes.
        svg = SVGText.removingIDs(svg)
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

        // The root element's attributes that a symbol keeps, and what it holds
        // (a root that closes itself holds nothing to draw).
        guard let root = SVGText.startTag(bytes), !root.selfClosing, root.end <= bytes.count - 6 else { return nil }
        var attributes: [Attribute] = []
        for attribute in root.attributes where !isLeftOut(attribute.name) {
            let text = bytes[attribute.text]
            let name = String(decoding: attribute.name, as: UTF8.self)
            var shareable: Attribute.Shareable?
            // `name="value"` or `name='value'`, the value plain enough to be
            // a CSS value as it is (letters, digits, `#`, `.`, `%`, `-`, `,`, spaces).
            if inherited.contains(name), let equals = text.firstIndex(of: UInt8(ascii: "=")) {
                let quoted = text[(equals + 1)...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
                if let quote = quoted.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"), quoted.count >= 2, quoted.last == quote {
                    let value = quoted.dropFirst().dropLast()
                    let plain = !value.isEmpty && value.allSatisfy { byte in
                        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || " #.%-,".utf8.contains(byte)
                    }
                    if plain { shareable = Attribute.Shareable(name: name, value: String(decoding: value, as: UTF8.self)) }
                }
            }
            attributes.append(Attribute(text: String(decoding: text, as: UTF8.self), shareable: shareable))
        }
        return (attributes, String(decoding: bytes[root.end..<(bytes.count - 6)], as: UTF8.self))
    }
}
