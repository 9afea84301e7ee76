"""Every internal link and anchor of a built site resolves; the sitemap lists
every page; sitemap.xml and feed.xml parse as XML; the stylesheets' url()s
and api/pages.json point at files that exist. The lists that link pages
together say what the pages they link to hold: a rule's "cited by" entry
leads to a place holding a link to that rule, its "applied in" entry to a
figure with an item placed by it, and a tag's page lists exactly the pages
showing the tag."""

from __future__ import annotations

import json
import re
import urllib.parse

import lxml.etree
import lxml.html

from .site import is_pattern, last_checked_times

TOOL = "links"
ATTRIBUTES = {"a": ["href"], "link": ["href"], "img": ["src", "srcset"], "source": ["src", "srcset"],
              "area": ["href"], "use": ["href", "{http://www.w3.org/1999/xlink}href"], "image": ["href"],
              "form": ["action"], "video": ["src", "poster"], "audio": ["src"], "track": ["src"]}
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
ATOM = "{http://www.w3.org/2005/Atom}"


class Targets:
    """The ids of the site's files, read once each."""

    def __init__(self, site) -> None:
        self.site = site
        self.cache: dict = {}

    def ids(self, file) -> set | None:
        if file not in self.cache:
            ids = None
            try:
                if file.suffix == ".html":
                    ids = set(lxml.html.parse(str(file)).xpath("//@id"))
                elif file.suffix in (".svg", ".xml"):
                    ids = set(lxml.etree.parse(str(file)).xpath("//@id"))
            except (OSError, lxml.etree.LxmlError):
                ids = set()
            self.cache[file] = ids
        return self.cache[file]


def resolve(site, targets, report, where, url, base) -> None:
    """Checks one address written on a page (or a file) at `base`."""
    url = url.strip()
    if not url:
        report.fail(TOOL, where, "an empty address")
        return
    internal = site.internal_path(url, base)
    if internal is None:
        scheme = urllib.parse.urlsplit(url).scheme
        if scheme not in ("http", "https", "mailto"):
            report.fail(TOOL, where, f"{url!r}: an address of scheme {scheme!r}")
        return
    path, fragment = internal
    file = site.file_for(path)
    if file is None:
        report.fail(TOOL, where, f"{url!r}: no file for {path}")
        return
    if "#" in url and not fragment:
        report.fail(TOOL, where, f"{url!r}: an empty #fragment")
    if fragment:
        ids = targets.ids(file)
        if ids is None:
            report.fail(TOOL, where, f"{url!r}: #{fragment} in a file with no ids ({file.name})")
        elif fragment not in ids and not (fragment == "top" and file.suffix == ".html"):
            report.fail(TOOL, where, f"{url!r}: no element with id {fragment!r} in {file.relative_to(site.root).as_posix()}")


def check(site, report) -> None:
    targets = Targets(site)
    links = 0
    for page in site.pages:
        report.checked(TOOL, page.name)
        ids = page.tree.xpath("//@id")
        for duplicate in sorted({value for value in ids if ids.count(value) > 1}):
            report.fail(TOOL, page.name, f"the id {duplicate!r} is used more than once")
        for element in page.tree.iter():
            if not isinstance(element.tag, str):
                continue
            for attribute in ATTRIBUTES.get(element.tag.split("}")[-1], []):
                value = element.get(attribute)
                if value is None:
                    continue
                if element.tag == "link" and element.get("rel") in ("canonical", "alternate") and value.startswith(("http:", "https:")) and not value.startswith(site.base_url or "\0"):
                    report.fail(TOOL, page.name, f"<link rel={element.get('rel')}> {value!r} is not on the site's base URL {site.base_url!r}")
                addresses = [part.strip().split(" ")[0] for part in value.split(",")] if attribute == "srcset" else [value]
                for address in addresses:
                    links += 1
                    resolve(site, targets, report, page.name, address, page.url)
        for meta in page.tree.xpath("//meta[@property='og:url' or @property='og:image']/@content"):
            links += 1
            resolve(site, targets, report, page.name, meta, page.url)
    check_css(site, targets, report)
    check_sitemap(site, targets, report)
    check_feed(site, targets, report)
    check_api(site, targets, report)
    entries = check_lists(site, report)
    report.tool(TOOL).extra = f"{links} links and anchors; {entries} cited-by, applied-in and tag-page entries followed"


def check_css(site, targets, report) -> None:
    for css in sorted(site.root.rglob("*.css")):
        relative = "/" + css.relative_to(site.root).as_posix()
        text = re.sub(r"/\*.*?\*/", "", css.read_text(encoding="utf-8"), flags=re.S)
        for match in re.finditer(r"url\(\s*(['\"]?)(.*?)\1\s*\)", text):
            address = match.group(2)
            if address.startswith("data:") or address.startswith("#"):
                continue
            resolve(site, targets, report, f"{site.name}:{relative}", address, relative)
        for match in re.finditer(r"@import\s+(['\"])(.*?)\1", text):
            resolve(site, targets, report, f"{site.name}:{relative}", match.group(2), relative)


def parse_xml(site, report, name):
    where = f"{site.name}:/{name}"
    file = site.root / name
    if not file.is_file():
        report.fail(TOOL, where, f"{name} is missing")
        return None
    try:
        return lxml.etree.parse(str(file))
    except lxml.etree.XMLSyntaxError as error:
        report.fail(TOOL, where, f"{name} does not parse as XML: {error}")
        return None


def check_sitemap(site, targets, report) -> None:
    tree = parse_xml(site, report, "sitemap.xml")
    if tree is None:
        return
    where = f"{site.name}:/sitemap.xml"
    listed: dict = {}
    for url in tree.iter(f"{SITEMAP}url"):
        loc = (url.findtext(f"{SITEMAP}loc") or "").strip()
        lastmod = (url.findtext(f"{SITEMAP}lastmod") or "").strip()
        if not site.base_url or not loc.startswith(site.base_url + "/"):
            report.fail(TOOL, where, f"<loc> {loc!r} is not an absolute address on {site.base_url!r}")
            continue
        path = loc[len(site.base_url):]
        if path in listed:
            report.fail(TOOL, where, f"{loc!r} is listed twice")
        listed[path] = lastmod
        resolve(site, targets, report, where, loc, "/")
        page = site.page(urllib.parse.unquote(path))
        if page is not None and is_pattern(page):
            times = last_checked_times(page)
            if times and lastmod[:10] != times[0]:
                report.fail(TOOL, where, f"the lastmod of {loc!r} is {lastmod!r}, not the page's last-checked date {times[0]!r}")
    decoded = {urllib.parse.unquote(path) for path in listed}
    for page in site.pages:
        if page.url == "/404.html" or page.tree.xpath("//meta[@name='robots' and contains(@content, 'noindex')]"):
            if page.url in decoded:
                report.fail(TOOL, where, f"{page.url} is listed, but it is not meant to be indexed")
            continue
        if page.url not in decoded:
            report.fail(TOOL, where, f"the page {page.url} is not listed")
    robots = site.root / "robots.txt"
    if robots.is_file():
        for line in robots.read_text(encoding="utf-8").splitlines():
            if line.lower().startswith("sitemap:"):
                resolve(site, targets, report, f"{site.name}:/robots.txt", line.split(":", 1)[1].strip(), "/")


def check_feed(site, targets, report) -> None:
    tree = parse_xml(site, report, "feed.xml")
    if tree is None:
        return
    where = f"{site.name}:/feed.xml"
    root = tree.getroot()
    if root.tag != f"{ATOM}feed":
        report.fail(TOOL, where, f"the root element is {root.tag}, not an Atom feed")
        return
    entries = root.findall(f"{ATOM}entry")
    patterns = [page for page in site.pages if is_pattern(page)]
    # The feed holds the 100 pages checked most recently (README).
    if len(entries) != min(len(patterns), 100):
        report.fail(TOOL, where, f"{len(entries)} entries for {len(patterns)} pattern pages (the feed holds at most 100)")
    for link in root.iter(f"{ATOM}link"):
        if link.get("href"):
            resolve(site, targets, report, where, link.get("href"), "/")


def check_api(site, targets, report) -> None:
    file = site.root / "api" / "pages.json"
    where = f"{site.name}:/api/pages.json"
    if not file.is_file():
        return
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except ValueError as error:
        report.fail(TOOL, where, f"does not parse as JSON: {error}")
        return

    def walk(value):
        if isinstance(value, dict):
            for key, child in value.items():
                if key == "url" and isinstance(child, str):
                    resolve(site, targets, report, where, child, "/")
                elif key == "aliases" and isinstance(child, list):
                    # Each alias answers: its page leads on to the page.
                    for alias in child:
                        resolve(site, targets, report, where, alias, "/")
                else:
                    walk(child)
        elif isinstance(value, list):
            for child in value:
                walk(child)

    walk(data)


def check_lists(site, report) -> int:
    """Each rule's "cited by" and "applied in" entries, and the tag pages,
    against the pages they name; returns how many entries it followed."""
    entries = 0
    for page in site.pages:
        if not is_pattern(page):
            continue
        slug = page.url.strip("/").split("/")[-1]
        for rule in page.tree.xpath("//li[contains(@class, 'rule')][@id]"):
            anchor = rule.get("id")
            cited = rule.xpath(".//div[contains(@class, 'rule-links--cited')]//li/a")
            for link in cited:
                entries += 1
                where = f"{page.name} #{anchor} cited by {link.get('href')!r}"
                path, fragment = site.internal_path(link.get("href"), page.url) or ("", "")
                target = site.page(path)
                if target is None or target is page:
                    report.fail(TOOL, where, "not another page of the site")
                    continue
                spot = target.tree.xpath(f"//*[@id='{fragment}']") if fragment else [target.tree]
                # A section's or question's heading: the section or question it heads.
                spot = [element.getparent() if element.tag in ("h2", "h3") else element for element in spot]
                holds = any(site.internal_path(href, target.url) == (page.url, anchor)
                            for element in spot for href in element.xpath(".//a/@href"))
                if not holds:
                    report.fail(TOOL, where, f"no link to {page.url}#{anchor} there")
            applied = rule.xpath(".//div[contains(@class, 'rule-links--applied')]")
            for block in applied:
                figures = block.xpath(".//li/a")
                heading = " ".join(block.xpath(".//p//text()"))
                if f" {len(figures)} figure" not in heading:
                    report.fail(TOOL, f"{page.name} #{anchor}", f"{heading!r} does not count its {len(figures)} figures")
                for link in figures:
                    entries += 1
                    where = f"{page.name} #{anchor} applied in {link.get('href')!r}"
                    path, fragment = site.internal_path(link.get("href"), page.url) or ("", "")
                    target = site.page(path)
                    figure = target.tree.xpath(f"//figure[@id='{fragment}']") if target is not None and fragment else []
                    if not figure:
                        report.fail(TOOL, where, "no such figure")
                    elif not figure[0].xpath(f".//*[@data-rule='{slug}#{anchor}']"):
                        report.fail(TOOL, where, f"the figure has no item placed by {slug}#{anchor}")
    # Tags: a tag's page lists exactly the pattern pages linking to it.
    tagged: dict = {}
    for page in site.pages:
        if is_pattern(page):
            for href in page.tree.xpath("//a[@rel='tag']/@href"):
                tagged.setdefault(href, set()).add(page.url)
    for page in site.pages:
        if not page.url.startswith("/tags/") or page.url == "/tags/":
            continue
        listed = {site.internal_path(href, page.url)[0] for href in page.tree.xpath("//ul[contains(@class, 'pattern-list')]//h2//a/@href")}
        entries += len(listed)
        if listed != tagged.get(page.url, set()):
            report.fail(TOOL, page.name, f"lists {sorted(listed)}, but the pages showing the tag are {sorted(tagged.get(page.url, set()))}")
    index = site.page("/tags/")
    if index is not None:
        shown = {site.internal_path(href, "/tags/")[0] for href in index.tree.xpath("//ul[contains(@class, 'tag-index')]//a/@href")}
        if shown != set(tagged):
            report.fail(TOOL, index.name, f"lists {sorted(shown)}, but the pages show the tags {sorted(tagged)}")
    return entries
