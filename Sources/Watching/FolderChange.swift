/// What a watcher saw: a file or folder that may have changed (added,
/// changed, renamed or removed), by its path relative to the watched root,
/// or that anything may have (the events were too many to keep: look again).
public enum FolderChange: Sendable, Hashable {
    /// This path, relative to the root (`Content/patterns/x.md`).
    case path(String)
    /// Anything under the watched folders.
    case everything
}

/// The names editors' tools give their temporary files, which a watcher
/// passes over: `.x.swp`, `x~`, `#x#`, `x.kate-swp`, `x___jb_tmp___`,
/// `x.bck`, and the like.
public enum EditorTemporaryFile {
    /// Whether `name` (a file name, not a path) is an editor's temporary file.
    public static func matches(_ name: String) -> Bool {
        if name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".swo")
            || name.hasSuffix(".kate-swp") || name.hasSuffix("___jb_tmp___") || name.hasSuffix("___jb_old___")
            || name.hasSuffix(".bck") || name.hasSuffix(".tmp") { return true }
        if name.hasPrefix("#"), name.hasSuffix("#") { return true }
        if name.hasPrefix(".#") { return true }
        if name == "4913" { return true }  // Vim's check that it may write in a folder.
        return false
    }
}
