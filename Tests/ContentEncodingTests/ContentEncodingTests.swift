import Testing
@testable import ContentEncoding

/// gzip and brotli through zlib and libbrotli: what is compressed comes
/// back byte for byte, the same bytes always give the same file, and a
/// damaged or foreign file is refused rather than misread.
@Suite struct ContentEncodingTests {
    /// A page-like text: repeated markup, some of it varying.
    static let page: [UInt8] = Array((0..<400).map { "<li><a href=\"/patterns/page-\($0)/\">Page \($0) — é</a></li>\n" }.joined().utf8)

    @Test(arguments: [Int32(1), 6, 9])
    func gzipComesBackWhole(level: Int32) throws {
        let packed = Gzip.compress(Self.page.span, level: level)
        #expect(packed.count > 18 && packed.count < Self.page.count / 4)
        // A gzip member: its magic, deflate, no name and no time.
        #expect(Array(packed.prefix(4)) == [0x1f, 0x8b, 8, 0])
        #expect(Array(packed[4..<8]) == [0, 0, 0, 0])
        #expect(Gzip.decompress(packed) == Self.page)
        #expect(Gzip.compress(Self.page.span, level: level) == packed)
    }

    @Test(arguments: [Int32(0), 5, 11])
    func brotliComesBackWhole(quality: Int32) throws {
        let packed = Brotli.compress(Self.page.span, quality: quality)
        #expect(!packed.isEmpty && packed.count < Self.page.count / 4)
        #expect(Brotli.decompress(packed) == Self.page)
        #expect(Brotli.compress(Self.page.span, quality: quality) == packed)
    }

    /// From quality 5, the window holds the whole input (2^bits - 16
    /// bytes), from 2^16 up to libbrotli's default of 2^22; below, the
    /// default.
    @Test(arguments: [(0, Int32(16)), (65_520, 16), (65_521, 17), (200_000, 18), (4_194_288, 22), (50_000_000, 22)])
    func brotliTakesAWindowThatHoldsTheInput(count: Int, bits: Int32) {
        #expect(Brotli.window(for: count, quality: 9) == bits)
        #expect(Brotli.window(for: count, quality: 5) == bits)
        #expect(Brotli.window(for: count, quality: 4) == 22)
    }

    @Test func aLargeInputComesBackWhole() {
        // Past one window of 2^16: a larger window, and the same bytes back.
        let large = Array((0..<6_000).map { "<p>Paragraph \($0 * 7919 % 10_007).</p>\n" }.joined().utf8)
        #expect(large.count > 100_000)
        #expect(Brotli.decompress(Brotli.compress(large.span, quality: 2)) == large)
        #expect(Gzip.decompress(Gzip.compress(large.span, level: 1)) == large)
    }

    @Test func emptyAndTinyInputs() {
        for input in [[UInt8](), [0x41]] {
            #expect(Gzip.decompress(Gzip.compress(input.span, level: 9)) == input)
            #expect(Brotli.decompress(Brotli.compress(input.span, quality: 11)) == input)
        }
    }

    @Test func damagedFilesAreRefused() {
        var gzip = Gzip.compress(Self.page.span, level: 9)
        gzip[gzip.count / 2] ^= 0xff
        #expect(Gzip.decompress(gzip) == nil)
        #expect(Gzip.decompress(Array(Gzip.compress(Self.page.span, level: 9).dropLast(10))) == nil)
        #expect(Gzip.decompress(Self.page) == nil)
        let brotli = Brotli.compress(Self.page.span, quality: 11)
        #expect(Brotli.decompress(Array(brotli.dropLast(3))) == nil)
        // More than the limit allows.
        #expect(Gzip.decompress(Gzip.compress(Self.page.span, level: 9), limit: 100) == nil)
        #expect(Brotli.decompress(brotli, limit: 100) == nil)
    }
}
