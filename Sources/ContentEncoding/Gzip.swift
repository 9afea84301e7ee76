internal import CZlib

/// gzip (RFC 1952), through zlib: what a server sends as it is to a
/// browser that accepts `Content-Encoding: gzip` (nginx's `gzip_static`).
/// The one owner of zlib's calls; no C type leaves this module.
public enum Gzip {
    /// The strongest level zlib has.
    public static let maximumLevel: Int32 = 9

    /// `bytes` compressed as one gzip member at `level` (1 to 9). The
    /// header holds no name and no time, so that the same bytes always
    /// give the same file.
    public static func compress(_ bytes: Span<UInt8>, level: Int32) -> [UInt8] {
        var stream = z_stream()
        guard duosite_deflate_init_gzip(&stream, max(1, min(level, maximumLevel))) == Z_OK else {
            // Only when out of memory: the caller writes no gzip file.
            return []
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let written: Int = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { buffer in
                // zlib never writes through its input pointer.
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                // deflateBound leaves room for everything: one call finishes.
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return -1 }
                return Int(stream.total_out)
            }
        }
        guard written >= 0 else { return [] }
        output.removeSubrange(written...)
        return output
    }

    /// The bytes a gzip file holds, or nil when it is not one whole gzip
    /// stream that decompresses to at most `limit` bytes.
    public static func decompress(_ bytes: [UInt8], limit: Int = 1 << 30) -> [UInt8]? {
        var stream = z_stream()
        guard duosite_inflate_init_gzip(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        return bytes.withUnsafeBufferPointer { input -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[..<produced])
                guard output.count <= limit else { return nil }
                if status == Z_STREAM_END { return stream.avail_in == 0 ? output : nil }
                guard status == Z_OK, produced > 0 || stream.avail_in > 0 else { return nil }
            }
        }
    }
}
