import ContentEncoding
import Files
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

    /// zlib's level for the `.gz` files (1 to 9), and libbrotli's quality
    /// for the `.br` files (0 to 11): the cheapest pair that makes a `.br`
    /// worth sending, since compressing every page twice costs about as
    /// much as the rest of a build even so. Measured on the bench's pages (some
    /// 40 KB of HTML each, one core): gzip level 1 compresses at about
    /// 200 MB/s to 17 % of a page (level 9, at 70 MB/s, to 14 %); brotli
    /// quality 2 at about 250 MB/s to 15 % (qualities 0 and 1 run at
    /// 450–600 MB/s but leave 16–17 %, no smaller than gzip's; 5, at
    /// 60–90 MB/s, gives 12.5 %; 10 and 11 run at 1–4 MB/s). A 10,000-page
    /// build with them takes about twice the CPU time of one without
    /// (docs/performance.md).
    var gzipLevel: Int32 = 1
    var brotliQuality: Int32 = 2

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
