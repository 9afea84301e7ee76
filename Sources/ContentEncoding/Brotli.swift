internal import CBrotli

/// Brotli (RFC 7932), through libbrotli: what a server sends as it is to
/// a browser that accepts `Content-Encoding: br`. The one owner of
/// libbrotli's calls; no C type leaves this module.
public enum Brotli {
    /// The strongest quality libbrotli has.
    public static let maximumQuality: Int32 = 11

    /// `bytes` compressed at `quality` (0 to 11), as text, with a window
    /// just large enough to hold them (`window(for:)`). The same bytes
    /// always give the same file.
    public static func compress(_ bytes: Span<UInt8>, quality: Int32) -> [UInt8] {
        var size = BrotliEncoderMaxCompressedSize(bytes.count)
        guard size > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: size)
        let window = window(for: bytes.count)
        let done = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { buffer in
                BrotliEncoderCompress(max(0, min(quality, maximumQuality)), window, BROTLI_MODE_TEXT,
                                      input.count, input.baseAddress, &size, buffer.baseAddress)
            }
        }
        // Only when out of memory: the caller writes no brotli file.
        guard done == BROTLI_TRUE else { return [] }
        output.removeSubrange(size...)
        return output
    }

    /// The window (its size as a power of two) that holds `count` bytes,
    /// from 2^16 to libbrotli's default, 2^22: a larger one compresses
    /// them no smaller. A page fits in 2^16, where qualities 5 to 9 use
    /// libbrotli's light matchers: several times faster than with the
    /// default window, which makes them allocate and clear megabytes for
    /// each file.
    static func window(for count: Int) -> Int32 {
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
