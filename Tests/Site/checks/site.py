"""A built site: its pages, parsed, and how its addresses map to files."""

from __future__ import annotations

import os
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

import lxml.html


def normalise(text: str) -> str:
    """Text with every run of whitespace made one space, trimmed."""
    return " ".join(text.split())


@dataclass
class Page:
    site: "Site"
    file: str          # relative to the site folder: patterns/x/index.html
    url: str           # root-relative address: /patterns/x/
    source: str        # the HTML as written
    tree: object = field(repr=False, default=None)

    @property
    def name(self) -> str:
        return f"{self.site.name}:{self.url}"


class Site:
    """The pages of one built site folder."""

    def __init__(self, name: str, root: Path) -> None:
        self.name = name
        self.root = root
        self.pages: list[Page] = []
        for folder, _, files in sorted(os.walk(root)):
            for file in sorted(files):
                if not file.endswith(".html"):
                    continue
                path = Path(folder, file)
                relative = path.relative_to(root).as_posix()
                self.pages.append(self.parse(relative))
        self.pages.sort(key=lambda page: page.url)
        self.base_url = self._base_url()

    def parse(self, relative: str) -> Page:
        source = (self.root / relative).read_text(encoding="utf-8")
        if relative == "index.html":
            url = "/"
        elif relative.endswith("/index.html"):
            url = "/" + relative[: -len("index.html")]
        else:
            url = "/" + relative
        tree = lxml.html.document_fromstring(source.encode("utf-8"))
        return Page(self, relative, url, source, tree)

    def page(self, url: str) -> Page | None:
        return next((page for page in self.pages if page.url == url), None)

    def _base_url(self) -> str:
        home = self.page("/")
        if home is not None:
            for href in home.tree.xpath("//link[@rel='canonical']/@href"):
                return href.rstrip("/")
        return ""

    def file_for(self, path: str) -> Path | None:
        """The file a root-relative path (already percent-decoded) is served
        from, as a static host serves it, or None."""
        if not path.startswith("/") or "\\" in path:
            return None
        relative = path.lstrip("/")
        candidate = (self.root / relative).resolve() if relative else self.root.resolve()
        if not str(candidate).startswith(str(self.root.resolve())):
            return None
        if path.endswith("/") or candidate.is_dir():
            if candidate.is_dir() and not path.endswith("/"):
                return None  # a folder without its trailing slash: a redirect, not a page
            candidate = candidate / "index.html"
        return candidate if candidate.is_file() else None

    def internal_path(self, url: str, base: str) -> tuple[str, str] | None:
        """(path, fragment), both percent-decoded, when `url` written on the
        page at `base` points into this site; None for an external address."""
        absolute = urllib.parse.urljoin("http://site.invalid" + base, url)
        if self.base_url and url.startswith(self.base_url):
            absolute = "http://site.invalid" + url[len(self.base_url):]
        parts = urllib.parse.urlsplit(absolute)
        if parts.scheme != "http" or parts.netloc != "site.invalid":
            return None
        return urllib.parse.unquote(parts.path or "/"), urllib.parse.unquote(parts.fragment)


def text_of(element) -> str:
    """The text of an element as written, whitespace-normalised."""
    return normalise(element.text_content())


def last_checked_times(page: Page) -> list[str]:
    """The datetimes of the visible last-checked dates."""
    times = page.tree.xpath("//*[contains(concat(' ', normalize-space(@class), ' '), ' last-checked ')]//time/@datetime")
    if not times:
        times = page.tree.xpath("//main//time/@datetime")[:1]
    return times


def is_pattern(page: Page) -> bool:
    """A pattern's page: under /patterns/, and not an alias's page or a
    withdrawn address's, which are never indexed."""
    return page.url.startswith("/patterns/") and not page.tree.xpath("//meta[@name='robots' and contains(@content, 'noindex')]")

