import Bytes

/// JSON text for values the site writes (findings, `api/pages.json`).
public enum JSON {
    /// A JSON string literal; `<`, `>` and `&` are escaped too, so the same
    /// text is safe inside a `<script>` element.
    public static func string(_ text: String) -> String {
        Escaped.jsonString(text)
    }
}
