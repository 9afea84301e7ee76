/// Where the site engine puts the pages it renders: the one thing that
/// tells `build`, `serve`, `check` and `lsp` apart once their site is read.
enum PageSink: Sendable {
    /// The output folder (`build`): each page written into the staging
    /// folder as soon as it is rendered, its holes filled there once every
    /// page is read, and the site swapped in at the end (`Publisher`).
    case disk(Publisher)
    /// Memory (`serve`): each page published kept as its text, and
    /// rendered, its holes filled at once, when it is asked for
    /// (`MemoryPages`); the site-wide files kept too.
    case memory
    /// Nowhere (`check`, `lsp`): pages are read and checked, not rendered.
    case none

    /// Whether pages are rendered at all.
    var renders: Bool {
        if case .none = self { return false }
        return true
    }

    /// The publisher, for a build.
    var publisher: Publisher? {
        if case .disk(let publisher) = self { return publisher }
        return nil
    }
}
