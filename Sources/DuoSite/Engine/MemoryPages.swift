/// The pages a site publishes into memory at one moment (the memory sink's,
/// `serve`'s): each kept as its text, and rendered when it is asked for,
/// its holes filled at once with the links between pages of that moment —
/// the bytes `build` writes for it. A page rendered is not kept: ten
/// thousand pages' HTML would hold ten times their text.
struct MemoryPages: Sendable {
    /// A page published: its file, its slug and its text as read.
    struct Page: Sendable {
        var file: String
        var slug: String
        var text: [UInt8]
    }

    /// What reads and renders a page.
    let pipeline: PagePipeline
    /// The links between the published pages.
    let links: PageLinks
    /// The pages, by their path in the output.
    let pages: [String: Page]


    /// Whether a page is published at `path`.
    func has(_ path: String) -> Bool {
        pages[path] != nil
    }

    /// The HTML of the page at `path`, rendered now; nil when none is
    /// published there, or it cannot be rendered (its findings say why).
    func html(at path: String) -> [UInt8]? {
        guard let page = pages[path] else { return nil }
        let reading = pipeline.read(file: page.file, bytes: page.text)
        guard let read = reading.page else { return nil }
        var result = reading.result
        var html: [UInt8]?
        pipeline.renderWhole(read, links: links, into: &result) { _, bytes in html = [UInt8](copying: bytes) }
        return html
    }
}
