internal import CBrotli

/// Brotli (RFC 7932), through libbrotli: what a server sends as it is to
/// a browser that accepts `Content-Encoding: br`. The one owner of
/// libbrotli's calls; no C type leaves this module.
public enum Brotli {
    /// The strongest quality libbrotli has.
    public static let maximumQuality: Int32 = 11

    /// `bytes` compressed at `quality` (0 to 11), as text, with the window
    /// `window(for:quality:)` gives. The same bytes always give the same file.
    public static func compress(_ bytes: Span<UInt8>, quality: Int32) -> [UInt8] {
        var size = BrotliEncoderMaxCompressedSize(bytes.count)
        guard size > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: size)
        let quality = max(0, min(quality, maximumQuality))
        let window = window(for: bytes.count, quality: quality)
        let done = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { buffer in
                BrotliEncoderCompress(quality, window, BROTLI_MODE_TEXT, input.count, input.baseAddress, &size, buffer.baseAddress)
            }
        }
        // Only when out of memory: the caller writes no brotli file.
        guard done == BROTLI_TRUE else { return [] }
        output.removeSubrange(size...)
        return output
    }

    /// The window (its size as a power of two) to compress `count` bytes
    /// at `quality` with. Qualities 5 to 11 take the smallest from 2^16
    /// that holds them: with a window of 2^16, qualities 5 to 9 use
    /// libbrotli's light matchers, several times faster than with a larger
    /// one, and a window larger than the input compresses it no smaller.
    /// Qualities 0 to 4 take libbrotli's default, 2^22, where they run two
    /// to three times as fast as with a small one (the same bytes out).
    static func window(for count: Int, quality: Int32) -> Int32 {
        guard quality >= 5 else { return BROTLI_DEFAULT_WINDOW }
        var bits: Int32 = 16
        // libbrotli's window holds 2^bits - 16 bytes.
        while bits < BROTLI_DEFAULT_WINDOW, (1 << Int(bits)) - 16 < count { bits += 1 }
        return bits
    }

    /// The bytes a brotli stream holds, or nil when it is not one whole
    /// stream that decompresses to at most `limit` bytes.
    public static func decompress(_ bytes: [UInt8], limit: Int = 1 << 30) -> [UInt8]? {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else { return nil }
        defer { BrotliDecoderDestroyInstance(state) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        return bytes.withUnsafeBufferPointer { input -> [UInt8]? in
            var availableIn = input.count
            var nextIn = input.baseAddress
            while true {
                let (result, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (BrotliDecoderResult, Int) in
                    var availableOut = buffer.count
                    var nextOut = buffer.baseAddress
                    let result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                    return (result, buffer.count - availableOut)
                }
                output.append(contentsOf: chunk[..<produced])
                guard output.count <= limit else { return nil }
                switch result {
                case BROTLI_DECODER_RESULT_SUCCESS: return availableIn == 0 ? output : nil
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue
                default: return nil
                }
            }
        }
    }
}
