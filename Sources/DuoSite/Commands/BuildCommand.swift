import Foundation

/// `duosite build`: publishes the site.
struct BuildCommand: Subcommand {
    static let name = "build"
    static let abstract = "Build the site into Public/"
    static let help = """
    Usage: duosite build [--root DIR] [--output DIR] [--base-url URL] [--drafts] [--today DATE] [--quiet]

    """

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {}

    func run(_ console: Console) -> Int32 {
        console.err("error: build is not written yet\n")
        return 1
    }
}
