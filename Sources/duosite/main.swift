import CMimalloc
import DuoSite
import Foundation

// A build touches far more fresh memory than the other commands, and is
// quicker in large pages; a check is not (Sources/CMimalloc/shim.h).
if CommandLine.arguments.dropFirst().first == "build" {
    duosite_use_large_os_pages()
}

let console = Console(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) },
    isTerminal: isatty(STDERR_FILENO) != 0
)
let status = DuoSiteCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    console: console
)
exit(status)
