import Bytes

/// Escaping for each place a value lands in a page: HTML text, an attribute
/// value, a URL, and JSON inside `<script type="application/ld+json">`
/// (the escapers themselves are the `Bytes` module's).
///
/// Each returns the text untouched when nothing in it needs escaping,
/// which is most text: these run tens of times per page.
public enum HTMLText {
    /// Escapes text for an HTML text node: `&`, `<`, `>`, `"` and `'` as entities.
    public static func escape(_ text: String) -> String {
        Escaped.html(text)
    }

    /// Escapes text for a quoted attribute value (the same set as text).
    public static func escapeAttribute(_ text: String) -> String {
        Escaped.html(text)
    }

    /// A URL safe to place in `href`: only http(s), mailto, root-relative and
    /// fragment URLs pass; anything else (`javascript:`) becomes `#`.
    /// Characters outside URLs are percent-encoded.
    public static func safeURL(_ url: String) -> String {
        Escaped.safeURL(url)
    }

    /// `text` with every byte that may not stand in a URL percent-encoded.
    static func percentEncode(_ text: String) -> String {
        Escaped.percentEncoded(text)
    }
}
