import Diagnostics

/// One address `check --links` asks, with every place it is written.
struct LinkTarget: Sendable, Equatable {
    /// The address asked: as written, without its `#fragment`.
    var address: String
    /// Where it is written: a source's `url:` value, a link in a page.
    var locations: [SourceLocation]
}

extension LinkTarget {
    /// Every distinct address of the site's sources and the pages' links to
    /// other sites, in the order first written (sources first), less those
    /// `skip` leaves out. A page's link to a moment of a video source (the
    /// source's `time_url` with a number of seconds) is that source's
    /// address: a source's timestamp links are one address.
    static func collect(sources: [Source], pages: [Pattern], skip: LinkSkipList) -> [LinkTarget] {
        var targets: [LinkTarget] = []
        var index: [String: Int] = [:]
        func add(_ address: String, at location: SourceLocation) {
            guard !skip.skips(address) else { return }
            if let existing = index[address] {
                targets[existing].locations.append(location)
            } else {
                index[address] = targets.count
                targets.append(LinkTarget(address: address, locations: [location]))
            }
        }
        var moments: [(prefix: String, suffix: String, address: String)] = []
        for source in sources {
            guard let location = source.urlLocation, let address = LinkAddress.asked(source.url) else { continue }
            add(address, at: location)
            if let timeURL = source.timeURL {
                let expanded = Source.expand(timeURL, ["{url}": source.url])
                if let hole = expanded.range(of: "{seconds}") {
                    moments.append((String(expanded[..<hole.lowerBound]), String(expanded[hole.upperBound...]), address))
                }
            }
        }
        for page in pages {
            for link in page.externalLinks {
                guard let address = LinkAddress.asked(link.address) else { continue }
                let moment = moments.first { moment in
                    guard address.hasPrefix(moment.prefix), address.hasSuffix(moment.suffix),
                          address.count > moment.prefix.count + moment.suffix.count else { return false }
                    let seconds = address.dropFirst(moment.prefix.count).dropLast(moment.suffix.count)
                    return seconds.allSatisfy(\.isASCII) && seconds.allSatisfy(\.isNumber)
                }
                add(moment?.address ?? address, at: link.location)
            }
        }
        return targets
    }
}
