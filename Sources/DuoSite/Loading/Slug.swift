/// Turns titles and headings into anchors and ids: lowercase letters and
/// digits joined by `-` ("Why do buttons stay?" → `why-do-buttons-stay`).
public enum Slug {
    /// The slug of `text`, or nil when it has no letter or digit.
    public static func make(_ text: String) -> String? {
        var slug = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else if character != "’" && character != "'" {
                pendingDash = true
            }
        }
        return slug.isEmpty ? nil : slug
    }
}
