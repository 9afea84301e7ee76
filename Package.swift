// swift-tools-version:6.0
import PackageDescription

/// duosite: the static site generator that publishes DuoApps.
///
/// System libraries from Debian do the parsing — cmark-gfm for Markdown and
/// libyaml for YAML — and the compressing (zlib, libbrotli), each wrapped by
/// one Swift module that owns its C calls, so that no C type reaches the
/// `DuoSite` library or the `duosite` command.
let package = Package(
    name: "duosite",
    products: [
        .executable(name: "duosite", targets: ["duosite"]),
        .library(name: "DuoSite", targets: ["DuoSite"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // A header of its own: renameat2(2), which Glibc's module leaves out.
        .systemLibrary(name: "CFileSystem"),
        // mimalloc replaces the C library's malloc for the whole process: a build
        // makes and frees millions of small objects, on every core at once.
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        // libmicrohttpd: the preview server's HTTP (a shim starts its variadic daemon).
        .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        // zlib and libbrotli: the .gz and .br files a build writes beside its pages.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        .target(name: "Markdown", dependencies: ["CCmarkGFM"]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        // Bytes written and read as UTF-8: the output buffer, the escapers, UTF-8 checks, digits.
        .target(name: "Bytes"),
        .target(name: "Mustache", dependencies: ["Bytes"]),
        // Findings: the Diagnostic value, its codes and places, "did you mean".
        .target(name: "Diagnostics", dependencies: ["Bytes"]),
        // Files as the system gives them: read as text, listed, hashed, and its refusals.
        .target(name: "Files", dependencies: ["Diagnostics", "Bytes"]),
        // The one owner of libmicrohttpd: requests and responses as Swift values.
        .target(name: "HTTP", dependencies: ["CMicroHTTPD"]),
        // The one owner of zlib and libbrotli: gzip and brotli as Swift calls.
        .target(name: "ContentEncoding", dependencies: ["CZlib", "CBrotli"]),
        // Changes to the site's folders, from inotify or by polling.
        .target(name: "Watching"),
        .target(name: "DuoSite", dependencies: ["Diagnostics", "Files", "Markdown", "YAML", "Mustache", "Bytes", "CFileSystem", "HTTP", "Watching", "ContentEncoding"]),
        .executableTarget(name: "duosite", dependencies: ["DuoSite", "CMimalloc"]),
        .testTarget(name: "BytesTests", dependencies: ["Bytes"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "WatchingTests", dependencies: ["Watching"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(name: "ContentEncodingTests", dependencies: ["ContentEncoding"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], resources: [.copy("Fixtures")]),
        .testTarget(name: "DuoSiteTests", dependencies: ["DuoSite", "Diagnostics", "Files", "ContentEncoding"], resources: [.copy("Fixtures")]),
    ]
)
