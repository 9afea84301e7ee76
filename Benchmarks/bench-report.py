#!/usr/bin/env python3
"""Summarises scripts/bench's measurements.

    bench-report.py --results results.tsv --meta meta.tsv --size N
        one size's details
    bench-report.py --results results.tsv --meta meta.tsv [--sizes 100,1000]
        the final table and the targets at 10,000 pages

results.tsv: size, tool, run (0 is the warm-up), wall s, user s, sys s, max RSS KiB,
/usr/bin/time's %e. The tool is hugo, hugo-defaults, or one of duosite's steps (build, check,
check-cached, first-rebuild, rebuild, rebuild-lines, rebuild-title, rebuild-question,
rebuild-added, rebuild-removed), prefixed with "baseline:" for the baseline binary's.
meta.tsv: size, key, value.
"""

import argparse
import sys

# duosite's steps, in the order the report lists them.
STEPS = [("build", "build"), ("check", "check"), ("check-cached", "check cached"),
         ("first-rebuild", "1st rebuild"), ("rebuild", "rebuild"), ("rebuild-lines", "rebuild +lines"),
         ("rebuild-title", "rebuild title"), ("rebuild-question", "rebuild question"),
         ("rebuild-added", "rebuild added"), ("rebuild-removed", "rebuild removed")]
HUGO = [("hugo", "hugo"), ("hugo-defaults", "hugo, its defaults")]
BASELINE = "baseline:"

# The targets, at 10,000 pages, on the median of at least MIN_RUNS runs.
TARGET_SIZE = 10000
MIN_RUNS = 5
BASELINE_SLOWER = 1.05  # a full build at most 5 % slower than the baseline's
PRECOMPRESS_SLOWER = 2.0  # a build with --precompress at most twice as long as one without
SPEEDUP = 2.6           # Hugo's wall time / duosite's, at least
PEAK_MIB = 150          # a full build's peak memory, at most
CHECK_RATIO = 0.5       # check (nothing cached) / build, at most
REBUILD_RATIO = 0.1     # rebuild / build, at most


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


def mib_spread(values):
    return f"{median(values):.0f} ({min(values):.0f}–{max(values):.0f})"


def ratio(numerator, denominator, suffix=""):
    """numerator / denominator as text; a dash when the denominator is 0 (a CPU time below
    /usr/bin/time's 10 ms steps)."""
    return f"{numerator / denominator:.2f}{suffix}" if denominator > 0 else "–"


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
                info = meta.setdefault(int(fields[0]), {})
                if fields[1] == "failed":
                    info.setdefault("failed", []).append(fields[2])
                else:
                    info[fields[1]] = fields[2]
    return rows, meta


class Size:
    """One size's statistics: Hugo's, duosite's and the baseline's."""

    def __init__(self, rows, meta, size):
        self.size = size
        self.info = meta.get(size, {})
        self.hugo = {tool: Stats(rows.get((size, tool), [])) for tool, _ in HUGO}
        self.new = {step: Stats(rows.get((size, step), [])) for step, _ in STEPS}
        self.old = {step: Stats(rows.get((size, BASELINE + step), [])) for step, _ in STEPS}
        self.pages = int(self.info.get("pages", size))  # every page published: generated and real

    def ratio(self, stats, step):
        """A step's median wall time over a full build's."""
        return median(stats[step].wall) / median(stats["build"].wall)


def details(rows, meta, size):
    s = Size(rows, meta, size)
    info = s.info
    kib = int(info.get("markdown_bytes", 0)) / size / 1024
    out = ["", f"== {size} generated pages ({kib:.1f} KiB of Markdown each) + {s.pages - size} real pages; "
               f"duosite check: 0 errors, {info.get('check_warnings', '?')} warnings =="]
    out.append(f"  {'step':<19} {'tool':<9} {'wall s (min–max)':<22} {'cpu s (min–max)':<22} "
               f"{'peak MiB (min–max)':<19} warm-up s")

    def line(step, tool, stats):
        text = (f"  {step:<19} {tool:<9} {spread(stats.wall):<22} {spread(stats.cpu):<22} "
                f"{mib_spread(stats.peak):<19}")
        return (text + (f" {seconds(stats.warmup)}" if stats.warmup is not None else "")).rstrip()

    for tool, name in HUGO:
        if s.hugo[tool]:
            out.append(line(name, "hugo", s.hugo[tool]))
    for step, name in STEPS:
        new, old = s.new[step], s.old[step]
        if new:
            out.append(line(name, "duosite", new))
        if old:
            out.append(line("" if new else name, "baseline", old))
        if new and old:
            out.append(f"  {'':<19} {'new/old':<9} {ratio(median(new.wall), median(old.wall)):<22} "
                       f"{ratio(median(new.cpu), median(old.cpu)):<22} {ratio(median(new.peak), median(old.peak))}")
    if s.new["build"]:
        build = s.new["build"]
        out.append(f"  duosite wrote {info.get('duosite_pages', '?')} pattern pages, {info.get('duosite_files', '?')} files, "
                   f"{int(info.get('duosite_output_bytes', 0)) / 1048576:.1f} MiB; {s.pages / median(build.wall):.0f} pages/s, "
                   f"{1000 * median(build.cpu) / s.pages:.2f} ms of CPU a page")
    if s.old["build"]:
        build = s.old["build"]
        out.append(f"  the baseline: {s.pages / median(build.wall):.0f} pages/s, "
                   f"{1000 * median(build.cpu) / s.pages:.2f} ms of CPU a page"
                   + (f"; wrote {info['baseline_files']} files, {int(info['baseline_output_bytes']) / 1048576:.1f} MiB"
                      if "baseline_output_bytes" in info else ""))
    if s.hugo["hugo"]:
        hugo = s.hugo["hugo"]
        out.append(f"  hugo wrote {info.get('hugo_pages', '?')} pages; {s.pages / median(hugo.wall):.0f} pages/s, "
                   f"{1000 * median(hugo.cpu) / s.pages:.2f} ms of CPU a page")
    for who in ("duosite", "baseline"):
        if f"{who}_rebuild_identical" in info:
            out.append(f"  {who}'s rebuilt output byte-identical to its fresh full build (diff -r): "
                       f"{info[f'{who}_rebuild_identical']}; the edited text published: "
                       f"{info.get(f'{who}_change_published', '?')}")
    return "\n".join(out)


def tag(ok, runs):
    if ok is None:
        return "[n/a]     "
    text = "[met" if ok else "[not met"
    if runs < MIN_RUNS:
        text += "*"
    return f"{text + ']':<10}"


def final(rows, meta, sizes):
    all_sizes = {size: Size(rows, meta, size) for size in sizes}
    with_baseline = any(s.old["build"] for s in all_sizes.values())
    header = f"{'size':<6} {'step':<19} {'wall s (min–max)':<22} {'cpu s':<7} {'peak MiB':<9} {'pages/s':<8}"
    if with_baseline:
        header += f" | {'baseline wall s':<22} {'cpu s':<7} {'peak MiB':<9} | new/old wall"
    out = ["", header.rstrip()]
    measured = []
    for size in sizes:
        s = all_sizes[size]
        failed = s.info.get("failed", [])
        if "corpus" in failed:
            out.append(f"{size:<6} duosite check found errors in the corpus: not measured (see above)")
            continue
        for what in failed:
            who = what if what.startswith("hugo") else (
                f"the baseline's {what[len(BASELINE):]}" if what.startswith(BASELINE) else f"duosite {what}")
            out.append(f"{size:<6} {who} failed: see above")
        if not s.new["build"]:
            continue
        measured.append(size)
        for tool, name in HUGO:
            h = s.hugo[tool]
            if h:
                out.append(f"{size:<6} {name:<19} {spread(h.wall):<22} {median(h.cpu):<7.2f} {median(h.peak):<9.0f} "
                           f"{s.pages / median(h.wall):.0f}")
        for step, name in STEPS:
            new, old = s.new[step], s.old[step]
            if not new and not old:
                continue
            rate = f"{s.pages / median(new.wall):.0f}" if new and step == "build" else ""
            text = f"{size:<6} {name:<19} "
            text += (f"{spread(new.wall):<22} {median(new.cpu):<7.2f} {median(new.peak):<9.0f} {rate:<8}" if new
                     else f"{'':<22} {'':<7} {'':<9} {'':<8}")
            if with_baseline and old:
                text += f" | {spread(old.wall):<22} {median(old.cpu):<7.2f} {median(old.peak):<9.0f}"
                if new:
                    text += f" | {ratio(median(new.wall), median(old.wall))}"
            out.append(text.rstrip())
        parts = []
        if s.hugo["hugo"]:
            hugo = s.hugo["hugo"]
            parts.append(f"hugo/duosite wall {ratio(median(hugo.wall), median(s.new['build'].wall), 'x')} "
                         f"(cpu {ratio(median(hugo.cpu), median(s.new['build'].cpu), 'x')})")
            if s.old["build"]:
                parts.append(f"hugo/baseline wall {median(hugo.wall) / median(s.old['build'].wall):.2f}x")
        if s.hugo["hugo-defaults"]:
            parts.append(f"hugo with its defaults/duosite wall "
                         f"{median(s.hugo['hugo-defaults'].wall) / median(s.new['build'].wall):.2f}x")
        if parts:
            out.append("       " + "; ".join(parts))
        for who, stats in (("duosite", s.new), ("baseline", s.old)):
            if not stats["build"]:
                continue
            ratios = ", ".join(f"{name} {s.ratio(stats, step):.2f}" for step, name in STEPS[1:] if stats[step])
            if ratios:
                out.append(f"       {who}, each step's wall / a full build's: {ratios}")

    out.append("")
    out.append(f"targets at {TARGET_SIZE:,} pages (met: the median of the runs, at least {MIN_RUNS}, meets it):")
    if not measured:
        out.append("  nothing was measured")
        return "\n".join(out)
    few_runs = False

    def elsewhere(value):
        """The figure at the sizes measured, when 10,000 pages were not."""
        figures = ", ".join(f"{size_label(n)}: {value(all_sizes[n])}" for n in measured if value(all_sizes[n]) is not None)
        return f"{TARGET_SIZE:,} pages not measured" + (f" (at {figures})" if figures else "")

    def target(label, value, ok, counts):
        """value(Size) -> the figure's text or None; ok(Size) -> bool."""
        nonlocal few_runs
        s = all_sizes.get(TARGET_SIZE)
        if TARGET_SIZE not in measured:
            out.append(f"  {tag(None, 0)} {label}: {elsewhere(value)}")
            return
        if value(s) is None:
            out.append(f"  {tag(None, 0)} {label}: a step it needs was not measured")
            return
        runs = min(counts(s))
        few_runs |= runs < MIN_RUNS
        out.append(f"  {tag(ok(s), runs)} {label}: {value(s)}")

    def build_vs_baseline(s):
        if not s.old["build"]:
            return None
        return median(s.new["build"].wall) / median(s.old["build"].wall)

    # scripts/bench --precompress: the baseline is the same duosite, precompressing.
    precompressing = any(meta.get(n, {}).get("baseline_precompress") == "yes" for n in measured)
    if with_baseline and precompressing:
        target(f"a build with --precompress within {PRECOMPRESS_SLOWER:.0f}x the time of one without (baseline/duosite wall)",
               lambda s: None if build_vs_baseline(s) is None else
               f"{1 / build_vs_baseline(s):.2f}x ({seconds(median(s.old['build'].wall))} s against "
               f"{seconds(median(s.new['build'].wall))} s)",
               lambda s: 1 / build_vs_baseline(s) <= PRECOMPRESS_SLOWER,
               lambda s: (s.new["build"].count, s.old["build"].count))
    elif with_baseline:
        target(f"a full build within {100 * (BASELINE_SLOWER - 1):.0f} % of the baseline's time (duosite/baseline wall)",
               lambda s: None if build_vs_baseline(s) is None else
               f"{build_vs_baseline(s):.3f} ({seconds(median(s.new['build'].wall))} s against "
               f"{seconds(median(s.old['build'].wall))} s)",
               lambda s: build_vs_baseline(s) <= BASELINE_SLOWER,
               lambda s: (s.new["build"].count, s.old["build"].count))
    else:
        out.append(f"  {tag(None, 0)} a full build within {100 * (BASELINE_SLOWER - 1):.0f} % of the baseline's time: "
                   f"no baseline (--baseline BINARY)")

    def speedup(s):
        return median(s.hugo["hugo"].wall) / median(s.new["build"].wall) if s.hugo["hugo"] else None

    if any(all_sizes[n].hugo["hugo"] for n in measured):
        target(f"at least {SPEEDUP}x Hugo's speed (Hugo's wall / duosite's)",
               lambda s: None if speedup(s) is None else f"{speedup(s):.3f}x",
               lambda s: speedup(s) >= SPEEDUP,
               lambda s: (s.new["build"].count, s.hugo["hugo"].count))
    else:
        out.append(f"  {tag(None, 0)} at least {SPEEDUP}x Hugo's speed: Hugo not measured (--no-hugo)")
    target(f"a full build's peak memory at most {PEAK_MIB} MiB",
           lambda s: f"{median(s.new['build'].peak):.0f} MiB",
           lambda s: median(s.new["build"].peak) <= PEAK_MIB,
           lambda s: (s.new["build"].count,))
    target("check (nothing cached) at most half a full build (check/build wall)",
           lambda s: f"{s.ratio(s.new, 'check'):.3f}" if s.new["check"] else None,
           lambda s: s.ratio(s.new, "check") <= CHECK_RATIO,
           lambda s: (s.new["build"].count, s.new["check"].count))
    target("a one-page rebuild at most a tenth of a full build (rebuild/build wall)",
           lambda s: f"{s.ratio(s.new, 'rebuild'):.3f}" if s.new["rebuild"] else None,
           lambda s: s.ratio(s.new, "rebuild") <= REBUILD_RATIO,
           lambda s: (s.new["build"].count, s.new["rebuild"].count))

    identical = {}
    for who in ("duosite", "baseline"):
        values = [all_sizes[n].info.get(f"{who}_rebuild_identical") for n in measured]
        if any(values):
            identical[who] = all(v == "yes" for v in values)
    if identical:
        text = "; ".join(f"{who}: {'yes' if ok else 'no'}" for who, ok in identical.items())
        out.append(f"  {tag(identical.get('duosite', False), MIN_RUNS)} rebuilt output byte-identical to a fresh full "
                   f"build at every size ({text})")
    if few_runs:
        out.append(f"  *: fewer than {MIN_RUNS} runs: the median says where it stands, no more (--runs {MIN_RUNS} or more)")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", required=True)
    parser.add_argument("--meta", required=True)
    parser.add_argument("--size", type=int)
    parser.add_argument("--sizes")
    args = parser.parse_args()
    rows, meta = load(args.results, args.meta)
    if args.size:
        print(details(rows, meta, args.size))
    else:
        sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else sorted({size for size, _ in rows})
        print(final(rows, meta, sizes))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
