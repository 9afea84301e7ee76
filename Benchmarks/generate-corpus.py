#!/usr/bin/env python3
"""Generates a synthetic DuoApps corpus for benchmarks, deterministically.

    generate-corpus.py --pages N --content CONTENT --theme THEME --out DIR
                       [--hugo DIR --hugo-layout LAYOUT] [--seed S] [--today DATE]

writes:

- DIR, a duosite site root: Content/site.yml, sources.yml, devices.yml and
  placement.yml (when it exists) copied from CONTENT, Content/patterns/
  page-00001.md … page-N.md beside the real pages of CONTENT/patterns
  (placement.yml cites their rules, so a site needs them), and a `Theme`
  symlink to THEME;
- with --hugo, a Hugo site holding the same Markdown in content/, the layout
  in LAYOUT and its config.

Each page is about 7 KB of Markdown: front matter (title, summary, status,
last_checked, owner, tags, order), a problem section, eight rules each ending
in a citation block that cites the sources of sources.yml, five
cross-references to rules of other pages, a two-state demo block shaped like
the real one in symbols-not-labels.md, and five FAQ entries whose questions
are unique across the corpus.

The output depends only on the arguments and the sources.yml read: the
random numbers come from a SplitMix64 generator seeded by the seed and the
page number, never from the clock, and a page's text does not depend on the
corpus size except for the pages its cross-references point to.
"""

import argparse
import datetime
import os
import re
import shutil
import sys

MASK = (1 << 64) - 1


class Random:
    """SplitMix64: small, fast, and the same on every Python version."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def between(self, low, high):
        return low + self.below(high - low + 1)

    def pick(self, items):
        return items[self.below(len(items))]

    def sample(self, items, count):
        pool = list(items)
        chosen = []
        for _ in range(min(count, len(pool))):
            chosen.append(pool.pop(self.below(len(pool))))
        return chosen


# Vocabulary. Symbols are ones the theme draws (Theme/assets/symbols).
SUBJECTS = [
    "bar item", "toolbar button", "navigation item", "tab", "back button", "menu",
    "segmented control", "badge", "count", "custom view", "search field", "share button",
    "inbox", "cart button", "filter", "sort menu", "compose button", "overflow menu",
]
PLACES = [
    "the column on the side", "the bar at the top", "the overflow menu", "the tab bar",
    "the toolbar", "the navigation bar", "the inner display", "the outer display",
]
APPS = [
    "a mail app", "a shopping app", "a notes app", "a photo library", "a map",
    "a calendar", "a music player", "a news reader", "a to-do list", "a podcast app",
    "a banking app", "a recipe book", "a weather app", "a chat app", "a file browser",
]
VERBS = [
    "moves", "stays", "shrinks", "becomes a symbol", "keeps its title", "takes a badge",
    "goes into the overflow menu", "switches form", "loses its text", "keeps its value",
]
ADJECTIVES = [
    "wide", "narrow", "tall", "short", "busy", "quiet", "dense", "sparse", "long", "plain",
]
TOPICS = [
    "Badges", "Columns", "Overflow", "Symbols", "Titles", "Menus", "Counts", "Amounts",
    "Controls", "Tabs", "Toolbars", "Sidebars", "Search", "Filters", "Editing", "Sharing",
]
TAGS = ["bars", "symbols", "badges", "column", "menus", "overflow", "tabs", "toolbar", "text", "layout"]
OWNERS = ["DuoApps editors", "Design desk", "Platform team", "Accessibility group"]
SECTIONS = [
    "Vertical controls", "Organize items in your bars", "Badges", "Overflow menus",
    "Custom views", "Tab bars", "Navigation bars", "Toolbars", "Sidebars", "Menus",
]
BACK_TITLES = ["Shop", "Folders", "Inbox", "Library", "Albums", "Notes", "Lists", "Home", "Feeds", "Accounts"]
SCREEN_TITLES = ["Cart", "Documents", "Messages", "Photos", "Playlist", "Recipes", "Tasks", "Articles", "Events", "Transfers"]
SHARE_TITLES = ["Share", "Send", "Export", "Forward", "Post"]
MESSAGE_TITLES = ["Messages", "Inbox", "Alerts", "Updates", "Mentions"]
TOTAL_TITLES = ["Cart", "Basket", "Order", "Bag", "Checkout"]
SHARE_SYMBOLS = ["square.and.arrow.up", "paperplane"]
MESSAGE_SYMBOLS = ["tray", "envelope", "bell"]
TOTAL_SYMBOLS = ["cart", "bookmark"]
TABS = [
    ("Home", "house"), ("Search", "magnifyingglass"), ("Profile", "person"), ("Library", "folder"),
    ("Favorites", "star"), ("Settings", "gear"), ("Map", "map"), ("Calendar", "calendar"),
]


def read_sources(path):
    """The ids of sources.yml, with whether each is a video and its length.

    A small reader for the file's shape (top-level ids, indented fields), so
    that no YAML package is needed."""
    sources = []
    current = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            top = re.match(r"^([A-Za-z0-9_.-]+):\s*(#.*)?$", line)
            if top:
                current = {"id": top.group(1), "video": False, "duration": None, "date": None}
                sources.append(current)
                continue
            field = re.match(r"^\s+([a-z_]+):\s*(.*?)\s*(#.*)?$", line)
            if current is None or not field:
                continue
            key, value = field.group(1), field.group(2).strip("\"'")
            if key in ("time_url", "duration"):
                current["video"] = True
            if key == "duration":
                parts = [int(p) for p in value.split(":")]
                seconds = 0
                for part in parts:
                    seconds = seconds * 60 + part
                current["duration"] = seconds
            if key == "date" and re.match(r"^\d{4}-\d{2}-\d{2}$", value):
                current["date"] = datetime.date.fromisoformat(value)
    if not sources:
        sys.exit(f"generate-corpus: no sources in {path}")
    return sources


def moment(seconds):
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def citation(rng, source):
    if source["video"]:
        limit = source["duration"] or 15 * 60
        return f"{source['id']} @ {moment(rng.between(min(30, limit), limit))}"
    if rng.below(4) == 0:
        return source["id"]
    return f"{source['id']} § {rng.pick(SECTIONS)}"


def sentence(rng):
    forms = [
        lambda: f"In {rng.pick(APPS)}, a {rng.pick(ADJECTIVES)} {rng.pick(SUBJECTS)} {rng.pick(VERBS)} when the device is closed, and people look for it in {rng.pick(PLACES)}.",
        lambda: f"A {rng.pick(SUBJECTS)} with text only {rng.pick(VERBS)}, while a {rng.pick(SUBJECTS)} with a symbol goes to {rng.pick(PLACES)}.",
        lambda: f"On the outer display, which is wider and shorter, {rng.pick(PLACES)} gives back height that {rng.pick(APPS)} can spend on content.",
        lambda: f"Give the {rng.pick(SUBJECTS)} a symbol and a title, and let the system choose the form it takes in {rng.pick(PLACES)}.",
        lambda: f"When the {rng.pick(SUBJECTS)} is {rng.pick(ADJECTIVES)}, test it with {rng.between(2, 12)} items and check that nothing important ends up in {rng.pick(PLACES)}.",
        lambda: f"People who switch between the displays expect the {rng.pick(SUBJECTS)} to keep its meaning, even when it {rng.pick(VERBS)}.",
    ]
    return rng.pick(forms)()


def paragraph(rng, count):
    return " ".join(sentence(rng) for _ in range(count))


def page_slug(number):
    return f"page-{number:05d}"


def page_title(number, rng):
    return f"Pattern {number:05d}: {rng.pick(TOPICS)} and {rng.pick(TOPICS).lower()} in {rng.pick(PLACES)}"


def cross_reference(rng, number, pages):
    other = rng.between(1, pages - 1)
    if other >= number:
        other += 1
    rule = rng.between(1, 8)
    return f"[pattern {other}, rule {rule}]({page_slug(other)}.md#rule-{rule})"


def demo_block(rng):
    back, title = rng.pick(BACK_TITLES), rng.pick(SCREEN_TITLES)
    total, share, messages = rng.pick(TOTAL_TITLES), rng.pick(SHARE_TITLES), rng.pick(MESSAGE_TITLES)
    amount = f"${rng.between(1, 999)}.{rng.between(0, 99):02d}"
    count = rng.between(2, 99)
    badge = rng.between(1, 99)
    tabs = rng.sample(TABS, rng.between(2, 4))
    share_symbol, message_symbol, total_symbol = rng.pick(SHARE_SYMBOLS), rng.pick(MESSAGE_SYMBOLS), rng.pick(TOTAL_SYMBOLS)
    lines = [
        "```demo",
        "device: duo-closed-portrait",
        f"caption: \"{rng.pick(APPS).capitalize()}, closed, in portrait: {title} with a back button to {back}.\"",
        "screen:",
        f"  back: {back}",
        f"  title: {title}",
        "  navigation:",
        "    - {id: edit, title: Edit, kind: edit}",
        f"    - {{id: total, title: {total}, value: \"{amount}\"}}",
        "  toolbar:",
        f"    - {{id: share, title: {share}}}",
        f"    - {{id: messages, title: {messages}, value: \"{count}\"}}",
        "  tabs:",
    ]
    lines += [f"    - {{title: {name}, symbol: {symbol}}}" for name, symbol in tabs]
    lines += [
        "states:",
        "  - name: Text labels",
        f"    caption: \"Text labels, as on other iPhone models. Edit, {share}, the {messages.lower()} count and the {total.lower()} amount are all text: they stay in a bar at the top, and the column holds only the back button and the tabs.\"",
        "  - name: Symbols",
        f"    caption: \"{share} becomes a symbol and the count a badge, and both move into the column; Edit and the {total.lower()} amount stay at the top.\"",
        "    change:",
        f"      share: {{symbol: {share_symbol}}}",
        f"      messages: {{symbol: {message_symbol}, value: null, badge: {badge}}}",
        f"      total: {{symbol: {total_symbol}}}",
        "```",
    ]
    return "\n".join(lines)


def page(number, pages, seed, sources, first_day, days):
    rng = Random((seed * 1_000_003 + number) & MASK)
    # Draw the cross-references first, so that the rest of the page does not
    # depend on the corpus size.
    references = [cross_reference(rng, number, pages) for _ in range(5)] if pages > 1 else [""] * 5
    rng = Random((seed * 1_000_033 + number * 7919) & MASK)

    title = page_title(number, rng)
    summary = f"How {rng.pick(APPS)} should treat a {rng.pick(SUBJECTS)} on iPhone Duo, and why it {rng.pick(VERBS)} in {rng.pick(PLACES)} when the device is closed."
    status = "apple" if rng.below(3) else "recommendation"
    last_checked = first_day + datetime.timedelta(days=rng.below(days))
    tags = rng.sample(TAGS, rng.between(1, 4))
    out = [
        "---",
        f"title: \"{title}\"",
        f"summary: \"{summary}\"",
        f"status: {status}",
        f"last_checked: {last_checked.isoformat()}",
        f"owner: {rng.pick(OWNERS)}",
        f"tags: [{', '.join(tags)}]",
        f"order: {number}",
        "---",
        "",
        "## The problem",
        "",
        f"{paragraph(rng, 3)} The same holds as in {references[0]}.",
        "",
        f"{paragraph(rng, 3)} See also {references[1]}.",
        "",
        "## The rules",
        "",
    ]
    rule_refs = {2: references[2], 5: references[3], 7: references[4]}
    for rule in range(1, 9):
        text = paragraph(rng, rng.between(2, 3))
        if rule in rule_refs:
            text += f" This follows from {rule_refs[rule]}."
        basis = "apple" if rng.below(3) else "recommendation"
        cited = [citation(rng, rng.pick(sources)) for _ in range(rng.between(2, 5))]
        out += [f"{rule}. {text}", "", f"   Sources ({basis}): {' · '.join(cited)}", ""]
    out += [
        "## Demo",
        "",
        paragraph(rng, 2),
        "",
        demo_block(rng),
        "",
        "## FAQ",
        "",
    ]
    for question in range(1, 6):
        subject, place = rng.pick(SUBJECTS), rng.pick(PLACES)
        out += [
            f"### Where does the {subject} of pattern {number} go in {place}, case {question}?",
            "",
            paragraph(rng, 2),
            "",
        ]
    return "\n".join(out).rstrip("\n") + "\n"


def main():
    parser = argparse.ArgumentParser(description="Generates a synthetic DuoApps corpus for benchmarks.")
    parser.add_argument("--pages", type=int, required=True)
    parser.add_argument("--content", required=True, help="the real Content/ folder, for its YAML files")
    parser.add_argument("--theme", required=True, help="the Theme/ folder the corpus links to")
    parser.add_argument("--out", required=True, help="the duosite site root to write")
    parser.add_argument("--hugo", help="also write a Hugo site here")
    parser.add_argument("--hugo-layout", help="the Hugo layout folder to copy (with --hugo)")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--today", default="2026-11-29", help="the date runs use; pages are fresh on it")
    args = parser.parse_args()
    if args.pages < 1:
        sys.exit("generate-corpus: --pages must be at least 1")

    sources = read_sources(os.path.join(args.content, "sources.yml"))
    today = datetime.date.fromisoformat(args.today)
    # Checked after every dated source and recently enough to be neither stale
    # nor due soon: between the latest source's date (or 80 days ago) and yesterday.
    latest = max([s["date"] for s in sources if s["date"]] + [today - datetime.timedelta(days=80)])
    first_day = min(latest + datetime.timedelta(days=1), today - datetime.timedelta(days=1))
    days = max(1, (today - first_day).days)

    patterns = os.path.join(args.out, "Content", "patterns")
    os.makedirs(patterns, exist_ok=True)
    for name in ("site.yml", "sources.yml", "devices.yml", "placement.yml"):
        source = os.path.join(args.content, name)
        if os.path.exists(source):
            shutil.copyfile(source, os.path.join(args.out, "Content", name))
    real_pages = os.path.join(args.content, "patterns")
    real = sorted(n for n in os.listdir(real_pages) if n.endswith(".md")) if os.path.isdir(real_pages) else []
    for name in real:
        if name.startswith("page-"):
            sys.exit(f"generate-corpus: the real page {name} would clash with a generated one")
        shutil.copyfile(os.path.join(real_pages, name), os.path.join(patterns, name))
    theme = os.path.join(args.out, "Theme")
    if os.path.lexists(theme):
        os.remove(theme)
    os.symlink(os.path.abspath(args.theme), theme)

    hugo_content = None
    if args.hugo:
        hugo_content = os.path.join(args.hugo, "content")
        os.makedirs(hugo_content, exist_ok=True)
        if args.hugo_layout:
            for name in os.listdir(args.hugo_layout):
                source = os.path.join(args.hugo_layout, name)
                target = os.path.join(args.hugo, name)
                if os.path.isdir(source):
                    shutil.copytree(source, target, dirs_exist_ok=True)
                else:
                    shutil.copyfile(source, target)
        for name in real:
            shutil.copyfile(os.path.join(real_pages, name), os.path.join(hugo_content, name))

    total = 0
    for number in range(1, args.pages + 1):
        text = page(number, args.pages, args.seed, sources, first_day, days).encode("utf-8")
        total += len(text)
        name = page_slug(number) + ".md"
        with open(os.path.join(patterns, name), "wb") as handle:
            handle.write(text)
        if hugo_content:
            with open(os.path.join(hugo_content, name), "wb") as handle:
                handle.write(text)
    print(f"{args.pages} generated pages, {total / args.pages / 1024:.1f} KiB of Markdown each on average, "
          f"and {len(real)} real pages", file=sys.stderr)


if __name__ == "__main__":
    main()
