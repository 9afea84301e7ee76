// swift-tools-version:6.0
import PackageDescription

/// Release builds leave out the run-time checks of exclusive access: the
/// compiler proves most accesses safe, and the rest (a class's stored
/// properties, globals) cost about 1.5% of a build's instructions. Debug
/// builds, which the tests run, keep every check, so a conflicting access
/// still fails there.
let releaseSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

/// duosite: the static site generator that publishes DuoApps.
///
/// Two system libraries from Debian do the parsing — cmark-gfm for Markdown and
/// libyaml for YAML — each wrapped by one Swift module that owns its C handles,
/// so that no C type reaches the `DuoSite` library or the `duosite` command.
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
        .target(name: "Markdown", dependencies: ["CCmarkGFM"], swiftSettings: releaseSettings),
        .target(name: "YAML", dependencies: ["CYAML"], swiftSettings: releaseSettings),
        // Bytes written and read as UTF-8: the output buffer, the escapers, UTF-8 checks, digits.
        .target(name: "Bytes", swiftSettings: releaseSettings),
        .target(name: "Mustache", dependencies: ["Bytes"], swiftSettings: releaseSettings),
        .target(name: "DuoSite", dependencies: ["Markdown", "YAML", "Mustache", "Bytes", "CFileSystem"], swiftSettings: releaseSettings),
        .executableTarget(name: "duosite", dependencies: ["DuoSite", "CMimalloc"]),
        .testTarget(name: "BytesTests", dependencies: ["Bytes"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], resources: [.copy("Fixtures")]),
        .testTarget(name: "DuoSiteTests", dependencies: ["DuoSite"], resources: [.copy("Fixtures")]),
    ]
)
