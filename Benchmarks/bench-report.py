#!/usr/bin/env python3
"""Summarises scripts/bench's measurements.

    bench-report.py --results results.tsv --meta meta.tsv --size N
        one size's details
    bench-report.py --results results.tsv --meta meta.tsv --sizes 100,1000 [--hugo 0|1]
        the final table and issue 6's targets

results.tsv: size, tool (hugo, hugo-defaults, build, check, first-rebuild, rebuild, rebuild-lines,
rebuild-title, rebuild-question, rebuild-added, rebuild-removed,
check-cached), run (0 is the
warm-up), wall s, user s, sys s, max RSS KiB, /usr/bin/time's %e.
meta.tsv: size, key, value.
"""

import argparse
import sys

TOOLS = [("hugo", "hugo"), ("hugo-defaults", "hugo, its defaults"), ("build", "duosite"), ("check", "duosite check"),
         ("first-rebuild", "duosite 1st rebuild"), ("rebuild", "duosite rebuild"),
         ("rebuild-lines", "duosite rebuild +lines"), ("rebuild-title", "duosite rebuild, title"),
         ("rebuild-question", "duosite rebuild, question"), ("rebuild-added", "duosite rebuild, added"),
         ("rebuild-removed", "duosite rebuild, removed"), ("check-cached", "duosite check, cached")]

# Each timing's ratio to a full build, as the details of a size label it.
RATIOS = [("check", "check/build"), ("first-rebuild", "1st rebuild/build"), ("rebuild", "rebuild/build"),
          ("rebuild-lines", "+lines"), ("rebuild-title", "title"), ("rebuild-question", "question"),
          ("rebuild-added", "added"), ("rebuild-removed", "removed"), ("check-cached", "check after a build/build")]

# Issue 6's targets.
SPEEDUP = 3.0          # duosite at least 3x faster than Hugo (wall) at 10,000 pages
PEAK_MIB = 250         # peak memory at 10,000 pages
CHECK_RATIO = 0.5      # check at most half of a build
REBUILD_RATIO = 0.1    # a one-page rebuild at most a tenth of a full build
RATE_TOLERANCE = 0.95  # pages/s "not falling": each size at least 95% of the smaller one's


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


class Stats:
    def __init__(self, rows):
        measured = [r for r in rows if r["run"] > 0]
        warmups = [r for r in rows if r["run"] == 0]
        self.count = len(measured)
        self.warmup = warmups[0]["wall"] if warmups else None
        self.wall = [r["wall"] for r in measured]
        self.cpu = [r["user"] + r["sys"] for r in measured]
        self.peak = [r["rss"] / 1024 for r in measured]

    def __bool__(self):
        return self.count > 0


def seconds(value):
    return f"{value:.3f}" if value < 1 else f"{value:.2f}"


def spread(values):
    return f"{seconds(median(values))} ({seconds(min(values))}–{seconds(max(values))})"


def size_label(size):
    return f"{size // 1000}k" if size >= 1000 and size % 1000 == 0 else str(size)


def load(results_path, meta_path):
    rows = {}
    with open(results_path) as handle:
        for line in handle:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 7:
                continue
            size, tool, run, wall, user, sys_, rss = fields[:7]
            rows.setdefault((int(size), tool), []).append(
                {"run": int(run), "wall": float(wall), "user": float(user), "sys": float(sys_), "rss": float(rss)})
    meta = {}
    with open(meta_path) as handle:
        for line in handle:
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 3:
                meta.setdefault(int(fields[0]), {})[fields[1]] = fields[2]
    return rows, meta


def published(meta, size):
    """Every page of the corpus: the generated ones and the real ones."""
    return int(meta.get(size, {}).get("pages", size))


def stats_for(rows, size):
    return {tool: Stats(rows.get((size, tool), [])) for tool, _ in TOOLS}


def details(rows, meta, size):
    info = meta.get(size, {})
    stats = stats_for(rows, size)
    out = []
    kib = int(info.get("markdown_bytes", 0)) / size / 1024
    out.append("")
    pages = published(meta, size)
    out.append(f"== {size} generated pages ({kib:.1f} KiB of Markdown each) + {pages - size} real pages; "
               f"duosite check: 0 errors, {info.get('check_warnings', '?')} warnings ==")
    for tool, name in TOOLS:
        s = stats[tool]
        if not s:
            continue
        line = (f"  {name:<25} wall {spread(s.wall):<22} cpu {spread(s.cpu):<22} "
                f"peak {median(s.peak):.0f} MiB ({min(s.peak):.0f}–{max(s.peak):.0f})")
        if s.warmup is not None:
            line += f"   warm-up {seconds(s.warmup)} s"
        out.append(line)
    build = stats["build"]
    if build:
        out.append(f"  duosite wrote {info.get('duosite_pages', '?')} pattern pages, "
                   f"{info.get('duosite_files', '?')} files, "
                   f"{int(info.get('duosite_output_bytes', 0)) / 1048576:.1f} MiB; "
                   f"{pages / median(build.wall):.0f} pages/s, {1000 * median(build.cpu) / pages:.2f} ms of CPU a page")
    if stats["hugo"]:
        hugo = stats["hugo"]
        out.append(f"  hugo wrote {info.get('hugo_pages', '?')} pages; {pages / median(hugo.wall):.0f} pages/s, "
                   f"{1000 * median(hugo.cpu) / pages:.2f} ms of CPU a page")
    if "rebuild_identical" in info:
        out.append(f"  rebuild output byte-identical to a fresh full build (diff -r): {info['rebuild_identical']}; "
                   f"changed text published: {info.get('rebuild_change_published', '?')}")
    return "\n".join(out)


def verdict(ok):
    return "[met]    " if ok else "[not met]"


def final(rows, meta, sizes, with_hugo):
    out = ["", f"{'size':<6} {'tool':<25} {'wall s (min–max)':<24} {'cpu s':<8} {'peak MiB':<10} pages/s"]
    measured = []
    previous = None
    for size in sizes:
        failed = meta.get(size, {}).get("failed")
        if failed == "corpus":
            out.append(f"{size:<6} duosite check found errors in the corpus: not measured (see above)")
            continue
        if failed:
            out.append(f"{size:<6} {failed if failed.startswith('hugo') else 'duosite ' + failed} failed: see above")
        stats = stats_for(rows, size)
        if not stats["build"]:
            continue
        measured.append(size)
        for tool, name in TOOLS:
            s = stats[tool]
            if not s:
                continue
            rate = f"{published(meta, size) / median(s.wall):.0f}" if tool in ("hugo", "hugo-defaults", "build") else ""
            out.append(f"{size:<6} {name:<25} {spread(s.wall):<24} {median(s.cpu):<8.2f} {median(s.peak):<10.0f} {rate}")
        build = median(stats["build"].wall)
        parts = []
        if stats["hugo"]:
            parts.append(f"ratio hugo/duosite wall: {median(stats['hugo'].wall) / build:.2f}x "
                         f"(cpu: {median(stats['hugo'].cpu) / median(stats['build'].cpu):.2f}x)")
        if stats["hugo-defaults"]:
            parts.append(f"hugo with its defaults/duosite: {median(stats['hugo-defaults'].wall) / build:.2f}x "
                         f"(cpu: {median(stats['hugo-defaults'].cpu) / median(stats['build'].cpu):.2f}x)")
        for tool, label in RATIOS:
            if stats[tool]:
                parts.append(f"{label}: {median(stats[tool].wall) / build:.2f}")
        if previous:
            grown = median(stats["build"].peak) / median(stats_for(rows, previous)["build"].peak)
            parts.append(f"memory growth {size_label(previous)}→{size_label(size)}: {grown:.2f}x")
        out.append("   ".join(parts))
        previous = size

    out.append("")
    out.append("issue 6's targets:")
    if not measured:
        out.append("  nothing was measured")
        return "\n".join(out)

    def build_stats(size):
        return stats_for(rows, size)

    largest = max(measured)
    at_10k = 10000 in measured
    if at_10k:
        s = build_stats(10000)
        if with_hugo and s["hugo"]:
            ratio = median(s["hugo"].wall) / median(s["build"].wall)
            out.append(f"  {verdict(ratio >= SPEEDUP)} at least {SPEEDUP:.0f}x Hugo's speed at 10k pages (wall): {ratio:.2f}x")
        else:
            out.append("  [n/a]     at least 3x Hugo's speed at 10k pages: Hugo not measured (--no-hugo)")
        peak = median(s["build"].peak)
        out.append(f"  {verdict(peak <= PEAK_MIB)} peak memory at most {PEAK_MIB} MiB at 10k pages: {peak:.0f} MiB")
    else:
        out.append("  [n/a]     at least 3x Hugo's speed at 10k pages: 10,000 pages not measured")
        out.append(f"  [n/a]     peak memory at most {PEAK_MIB} MiB at 10k pages: 10,000 pages not measured")
    if 1000 in measured and at_10k:
        grown = median(build_stats(10000)["build"].peak) / median(build_stats(1000)["build"].peak)
        out.append(f"  {verdict(grown < 10)} memory growing sub-linearly from 1k to 10k pages (less than 10x): {grown:.2f}x")
    else:
        out.append("  [n/a]     memory growing sub-linearly from 1k to 10k pages: both sizes not measured")

    s = build_stats(largest)
    build = median(s["build"].wall)
    values = ", ".join(f"{size_label(n)}: {median(build_stats(n)['check'].wall) / median(build_stats(n)['build'].wall):.2f}"
                       for n in measured if build_stats(n)["check"])
    if s["check"]:
        ratio = median(s["check"].wall) / build
        out.append(f"  {verdict(ratio <= CHECK_RATIO)} check at most half of a build, at {size_label(largest)} pages: {ratio:.2f} ({values})")
    values = ", ".join(f"{size_label(n)}: {median(build_stats(n)['rebuild'].wall) / median(build_stats(n)['build'].wall):.2f}"
                       for n in measured if build_stats(n)["rebuild"])
    if s["rebuild"]:
        ratio = median(s["rebuild"].wall) / build
        identical = all(meta.get(n, {}).get("rebuild_identical") == "yes" for n in measured)
        out.append(f"  {verdict(ratio <= REBUILD_RATIO)} one-page rebuild at most a tenth of a build, at {size_label(largest)} pages: {ratio:.2f} ({values})")
        others = [(label, median(s[tool].wall) / build) for tool, label in
                  (("first-rebuild", "the first rebuild after a full build"), ("rebuild-lines", "a paragraph added"),
                   ("rebuild-title", "a title changed"), ("rebuild-question", "a question changed"),
                   ("rebuild-added", "a page file added"), ("rebuild-removed", "one removed")) if s[tool]]
        if others:
            text = "; ".join(f"{label}: {ratio:.2f}" for label, ratio in others)
            out.append(f"            ({text}; {'each within a tenth' if all(r <= REBUILD_RATIO for _, r in others) else 'not each within a tenth'})")
        out.append(f"  {verdict(identical)} rebuilt output byte-identical to a fresh full build at every size")
    rates = [(n, published(meta, n) / median(build_stats(n)["build"].wall)) for n in measured]
    if len(rates) > 1:
        steady = all(later >= earlier * RATE_TOLERANCE for (_, earlier), (_, later) in zip(rates, rates[1:]))
        text = ", ".join(f"{size_label(n)}: {rate:.0f}" for n, rate in rates)
        out.append(f"  {verdict(steady)} pages/s not falling with size (within 5%): {text}")
    else:
        out.append("  [n/a]     pages/s not falling with size: one size measured")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", required=True)
    parser.add_argument("--meta", required=True)
    parser.add_argument("--size", type=int)
    parser.add_argument("--sizes")
    parser.add_argument("--hugo", type=int, default=1)
    args = parser.parse_args()
    rows, meta = load(args.results, args.meta)
    if args.size:
        print(details(rows, meta, args.size))
    else:
        sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else sorted({size for size, _ in rows})
        print(final(rows, meta, sizes, bool(args.hugo)))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
