import CMimalloc
import DuoSite
import Foundation


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
