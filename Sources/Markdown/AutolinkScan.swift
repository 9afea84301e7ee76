internal import Foundation

/// Whether cmark-gfm's autolink extension could find anything in a text.
///
/// The extension is about 30 % of cmark-gfm's parse of a page with no bare
/// link at all: it makes the inline parser stop at every `w` and `:`, and
/// walks every text node for an `@` afterwards. A page without any of the
/// bytes it starts from is parsed without it, with the same tree and HTML.
///
/// What the extension links, and what must be in the bytes for it to:
/// - a URL (`https://…`, `ftp://…`): `://`, as written;
/// - `www.…`: `www.`, as written;
/// - an e-mail address: an `@` in text whose character before it is a
///   letter, a digit or one of `.+-_`. Escapes (`\_`) and character
///   references (`&#95;`, `&#64;`, `&commat;`) can make such text, so an
///   `@` after `\` or `;` counts, and so does any `&#` or `&c`.
///
/// The test is loose on purpose: bytes in a code block count too, and a
/// false "maybe" only costs the extension's time.
enum AutolinkScan {
    /// Whether `bytes` might hold an autolink.
    ///
    /// Each byte the extension starts from is searched with `memchr`, a
    /// word of bytes at a time: they are rare in prose, where `w` is not, so
    /// `www.` is found from its `.`.
    static func mayHoldAutolink(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        return occurs(UInt8(ascii: ":"), in: base, count) { index in
            index + 2 < count && base[index + 1] == UInt8(ascii: "/") && base[index + 2] == UInt8(ascii: "/")
        } || occurs(UInt8(ascii: "."), in: base, count) { index in
            index >= 3 && base[index - 1] == UInt8(ascii: "w") && base[index - 2] == UInt8(ascii: "w") && base[index - 3] == UInt8(ascii: "w")
        } || occurs(UInt8(ascii: "@"), in: base, count) { index in
            index > 0 && mayEndAddressStart(base[index - 1])
        } || occurs(UInt8(ascii: "&"), in: base, count) { index in
            index + 1 < count && (base[index + 1] == UInt8(ascii: "#") || base[index + 1] == UInt8(ascii: "c"))
        }
    }

    /// Whether `byte` stands anywhere in the `count` bytes at `base` where
    /// `test` (given its index) holds.
    private static func occurs(_ byte: UInt8, in base: UnsafePointer<UInt8>, _ count: Int, where test: (Int) -> Bool) -> Bool {
        var offset = 0
        while offset < count, let found = memchr(base + offset, Int32(byte), count - offset) {
            let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if test(index) { return true }
            offset = index + 1
        }
        return false
    }

    /// Whether a byte before an `@` could stand for the last character of
    /// an address's first part: one itself, or the end of an escape or a
    /// character reference that makes one.
    private static func mayEndAddressStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "\\"), UInt8(ascii: ";"):
            true
        default:
            false
        }
    }
}
