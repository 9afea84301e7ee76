import ContentEncoding
import Foundation

/// The `.gz` and `.br` files a build writes beside each text file over
/// 1 KB when asked (`site.yml`'s `precompress: true`, or `build
/// --precompress`), for servers that send them as they are to a browser
/// that accepts them (nginx's `gzip_static` and `brotli_static`, Caddy's
/// `precompressed`): the server then compresses nothing, and readers get
/// the smaller files of the strongest settings a build can afford.
///
/// The same bytes always give the same files: gzip's header holds no name
/// and no time.
struct Precompressor: Sendable {
    /// The extensions of the files compressed: pages, stylesheets, the
    /// sitemap and feed, JSON, drawings, text.
    static let extensions: Set<String> = ["html", "htm", "css", "xml", "json", "svg", "txt"]
    /// A file this size or smaller is left alone: what it would save is
    /// less than the headers of a response.
    static let minimumSize = 1_024
    /// What each file beside the original ends with, in the order written.
    static let suffixes = [".gz", ".br"]

    /// zlib's level for the `.gz` files (1 to 9): its strongest, which
    /// compresses a page at some 80 MB/s of a core.
    var gzipLevel: Int32 = 9
    /// libbrotli's quality for the `.br` files (0 to 11): the strongest
    /// that keeps a build with them within twice the time of one without
    /// (docs/performance.md). Quality 8 compresses the bench's pages at
    /// some 45 MB/s of a core, within a hundredth of the size quality 9
    /// gives at 5 MB/s; 10 and 11 are slower still.
    var brotliQuality: Int32 = 8

    /// Whether the file at `path` (in the output), `size` bytes long, gets
    /// a `.gz` and a `.br` beside it.
    static func compresses(_ path: String, size: Int) -> Bool {
        guard size > minimumSize else { return false }
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...]
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(String(name[name.index(after: dot)...]))
    }

    /// The files to write beside `bytes`, the file at `path`: each suffix
    /// (`.gz`, `.br`) with its bytes; none when the file is not compressed.
    /// Throws when a library cannot compress (it is out of memory).
    func siblings(of bytes: Span<UInt8>, path: String) throws(FileSystemFailure) -> [(suffix: String, bytes: [UInt8])] {
        guard Self.compresses(path, size: bytes.count) else { return [] }
        let gzip = Gzip.compress(bytes, level: gzipLevel), brotli = Brotli.compress(bytes, quality: brotliQuality)
        guard !gzip.isEmpty, !brotli.isEmpty else { throw FileSystemFailure(writing: path, code: ENOMEM) }
        return [(".gz", gzip), (".br", brotli)]
    }
}
