"""JSON-LD as search engines read it (extruct), compared with what the page
shows: the FAQ, the last-checked date, the breadcrumb, the headline. Also: no
script other than JSON-LD, no event handler, no javascript: address."""

from __future__ import annotations

import json

import extruct

from .site import is_pattern, last_checked_times, normalise, text_of

TOOL = "json-ld"
SCRIPTS = "no-scripts"


def types_of(node) -> list:
    kind = node.get("@type", [])
    return kind if isinstance(kind, list) else [kind]


def nodes(data) -> list:
    """Every object of the page's JSON-LD, @graph flattened."""
    found = []

    def walk(value):
        if isinstance(value, dict):
            if "@type" in value:
                found.append(value)
            for key, child in value.items():
                if key != "@type":
                    walk(child)
        elif isinstance(value, list):
            for child in value:
                walk(child)

    walk(data)
    return found


def visible_faq(page) -> list | None:
    """[(question, answer)] of the section headed `#faq`, or None."""
    headings = page.tree.xpath("//*[@id='faq'][self::h2]")
    if not headings:
        return None
    container = headings[0].getparent()
    entries: list = []
    current = None

    def walk(element):
        nonlocal current
        tag = element.tag if isinstance(element.tag, str) else None  # None: a comment
        if tag == "h3":
            current = [text_of(element), []]
            entries.append(current)
        # A figure (a demo drawn in an answer) is a drawing, not the
        # answer's words: the structured data gives the words.
        elif tag is not None and tag not in ("script", "style", "template", "figure"):
            if element.text and current is not None:
                current[1].append(element.text)
            for child in element:
                walk(child)
        if element is not container and element.tail and current is not None:
            current[1].append(element.tail)

    walk(container)
    return [(question, normalise("".join(parts))) for question, parts in entries]


def visible_breadcrumb(page) -> list | None:
    navs = page.tree.xpath("//nav[contains(translate(@aria-label, 'B', 'b'), 'breadcrumb') or contains(@class, 'breadcrumb')]")
    if not navs:
        return None
    crumbs = []
    for item in navs[0].xpath(".//li"):
        links = item.xpath(".//a[@href]")
        crumbs.append((text_of(item), links[0].get("href") if links else None))
    return crumbs


def check_scripts(site, report) -> None:
    for page in site.pages:
        report.checked(SCRIPTS, page.name)
        for script in page.tree.xpath("//script"):
            kind = (script.get("type") or "").strip().lower()
            if kind != "application/ld+json" or script.get("src"):
                report.fail(SCRIPTS, page.name, f"a <script type={kind or '(none)'!r}{' src=' + repr(script.get('src')) if script.get('src') else ''}>: pages have no script but JSON-LD")
        for element in page.tree.iter():
            if not isinstance(element.tag, str):
                continue
            for name, value in element.attrib.items():
                if name.lower().startswith("on"):
                    report.fail(SCRIPTS, page.name, f"<{element.tag} {name}=…>: an event handler attribute")
                if name.lower() in ("href", "src", "action", "formaction", "xlink:href") and value.strip().lower().startswith(("javascript:", "vbscript:", "data:text/html")):
                    report.fail(SCRIPTS, page.name, f"<{element.tag} {name}={value[:60]!r}>: a script address")
        for tag in ("iframe", "object", "embed", "base"):
            if page.tree.xpath(f"//{tag}"):
                report.fail(SCRIPTS, page.name, f"a <{tag}> element")


def check(site, report) -> None:
    check_scripts(site, report)
    for page in site.pages:
        report.checked(TOOL, page.name)
        blocks = page.tree.xpath("//script[@type='application/ld+json']")
        for block in blocks:
            try:
                json.loads(block.text or "")
            except ValueError as error:
                report.fail(TOOL, page.name, f"a JSON-LD block is not JSON: {error}")
        try:
            data = extruct.extract(page.source, base_url=site.base_url + page.url, syntaxes=["json-ld"], uniform=False, errors="strict")["json-ld"]
        except Exception as error:  # noqa: BLE001 - reported as the tool's finding
            report.fail(TOOL, page.name, f"extruct cannot read the page's JSON-LD: {error}")
            continue
        if len(data) != len(blocks):
            report.fail(TOOL, page.name, f"{len(blocks)} JSON-LD blocks, but extruct read {len(data)}")
        if is_pattern(page):
            check_pattern(page, nodes(data), report)
        elif page.url.startswith("/tags/"):
            check_collection(page, nodes(data), report)
        elif page.url == "/" and not any("WebSite" in types_of(node) for node in nodes(data)):
            report.fail(TOOL, page.name, "the home page has no WebSite JSON-LD")


def check_pattern(page, found, report) -> None:
    fail = lambda message: report.fail(TOOL, page.name, message)  # noqa: E731
    site = page.site
    canonical = (page.tree.xpath("//link[@rel='canonical']/@href") or [None])[0]
    if canonical != site.base_url + page.url:
        fail(f"canonical {canonical!r} is not {site.base_url + page.url!r}")

    faq = visible_faq(page)
    faq_pages = [node for node in found if "FAQPage" in types_of(node)]
    web_pages = [node for node in found if set(types_of(node)) & {"WebPage", "FAQPage"}]
    if len(web_pages) != 1:
        fail(f"{len(web_pages)} WebPage/FAQPage objects in the JSON-LD; expected one")
    if faq:
        if len(faq_pages) != 1:
            fail(f"the page shows an FAQ but its JSON-LD has {len(faq_pages)} FAQPage objects; expected one")
        else:
            check_faq(faq, faq_pages[0], fail)
    elif faq_pages:
        fail("the JSON-LD has an FAQPage but the page shows no FAQ")

    if web_pages:
        node = web_pages[0]
        times = last_checked_times(page)
        if not times:
            fail("no visible last-checked <time datetime>")
        elif node.get("lastReviewed") != times[0]:
            fail(f"lastReviewed {node.get('lastReviewed')!r} is not the visible last-checked date {times[0]!r}")
        if "dateModified" in node and node["dateModified"] == node.get("lastReviewed"):
            fail("dateModified is the last-checked date: the check is passed off as a modification")
        headline = page.tree.xpath("//h1")
        if headline and normalise(node.get("headline", "")) != text_of(headline[0]):
            fail(f"headline {node.get('headline')!r} is not the visible title {text_of(headline[0])!r}")
        description = (page.tree.xpath("//meta[@name='description']/@content") or [""])[0]
        if normalise(node.get("description", "")) != normalise(description):
            fail(f"description {node.get('description')!r} is not the meta description {description!r}")
        if node.get("url") and node.get("url") != canonical:
            fail(f"url {node.get('url')!r} is not the canonical URL {canonical!r}")

    crumbs = visible_breadcrumb(page)
    lists = [node for node in found if "BreadcrumbList" in types_of(node)]
    if crumbs is None:
        fail("no visible breadcrumb (a <nav> labelled Breadcrumb)")
    if len(lists) != 1:
        fail(f"{len(lists)} BreadcrumbList objects in the JSON-LD; expected one")
    elif crumbs is not None:
        check_breadcrumb(crumbs, lists[0], canonical, site.base_url, fail)


def check_faq(visible, node, fail) -> None:
    questions = node.get("mainEntity")
    if isinstance(questions, dict):
        questions = [questions]
    if not isinstance(questions, list) or not questions:
        fail("the FAQPage has no mainEntity list of Questions (required by Google)")
        return
    structured = []
    for index, question in enumerate(questions, 1):
        if "Question" not in types_of(question):
            fail(f"mainEntity[{index}] is a {question.get('@type')!r}, not a Question")
        name = question.get("name")
        answer = question.get("acceptedAnswer")
        if isinstance(answer, list):
            answer = answer[0] if len(answer) == 1 else None
        if not name:
            fail(f"mainEntity[{index}] has no name (required by Google)")
        if not isinstance(answer, dict) or "Answer" not in types_of(answer) or not answer.get("text"):
            fail(f"mainEntity[{index}] has no acceptedAnswer Answer with text (required by Google)")
            answer = {}
        structured.append((normalise(name or ""), normalise(answer.get("text", ""))))
    if len(structured) != len(visible):
        fail(f"the JSON-LD has {len(structured)} questions; the page shows {len(visible)}")
    for index, ((question, answer), (shown_question, shown_answer)) in enumerate(zip(structured, visible), 1):
        if question != shown_question:
            fail(f"question {index}: JSON-LD name {question!r} is not the visible question {shown_question!r}")
        if answer != shown_answer:
            fail(f"question {index} ({shown_question!r}): JSON-LD answer {answer!r} is not the visible answer {shown_answer!r}")


def check_breadcrumb(visible, node, canonical, base_url, fail) -> None:
    items = node.get("itemListElement") or []
    if isinstance(items, dict):
        items = [items]
    positions = [item.get("position") for item in items]
    if positions != list(range(1, len(items) + 1)):
        fail(f"BreadcrumbList positions are {positions}, not numbered from 1")
    if len(items) != len(visible):
        fail(f"the BreadcrumbList has {len(items)} items; the visible breadcrumb has {len(visible)}")
    for index, (item, (name, href)) in enumerate(zip(items, visible), 1):
        target = item.get("item")
        if isinstance(target, dict):
            target = target.get("@id") or target.get("url")
        if normalise(item.get("name", "")) != name:
            fail(f"breadcrumb {index}: JSON-LD name {item.get('name')!r} is not the visible {name!r}")
        expected = (base_url + href) if href and href.startswith("/") else (href or canonical)
        if target != expected:
            fail(f"breadcrumb {index}: JSON-LD item {target!r} is not {expected!r}")


def check_collection(page, found, report) -> None:
    """A tag's page and the page of the tags: a CollectionPage whose ItemList
    is the visible list, in order, and a breadcrumb matching the visible one."""
    fail = lambda message: report.fail(TOOL, page.name, message)  # noqa: E731
    site = page.site
    canonical = (page.tree.xpath("//link[@rel='canonical']/@href") or [None])[0]
    if canonical != site.base_url + page.url:
        fail(f"canonical {canonical!r} is not {site.base_url + page.url!r}")
    collections = [node for node in found if "CollectionPage" in types_of(node)]
    if len(collections) != 1:
        fail(f"{len(collections)} CollectionPage objects in the JSON-LD; expected one")
        return
    node = collections[0]
    headline = page.tree.xpath("//h1")
    if headline and normalise(node.get("name", "")) != text_of(headline[0]):
        fail(f"name {node.get('name')!r} is not the visible title {text_of(headline[0])!r}")
    description = (page.tree.xpath("//meta[@name='description']/@content") or [""])[0]
    if normalise(node.get("description", "")) != normalise(description):
        fail(f"description {node.get('description')!r} is not the meta description {description!r}")
    entity = node.get("mainEntity") or {}
    if "ItemList" not in types_of(entity):
        fail("the CollectionPage has no mainEntity ItemList")
        return
    items = entity.get("itemListElement") or []
    if isinstance(items, dict):
        items = [items]
    structured = [(normalise(item.get("name", "")), item.get("url")) for item in items]
    if page.url == "/tags/":
        links = page.tree.xpath("//ul[contains(@class, 'tag-index')]//a")
    else:
        links = page.tree.xpath("//ul[contains(@class, 'pattern-list')]//h2//a")
    visible = [(text_of(link), site.base_url + link.get("href")) for link in links]
    if structured != visible:
        fail(f"the ItemList {structured!r} is not the visible list {visible!r}")
    if entity.get("numberOfItems") != len(visible):
        fail(f"numberOfItems {entity.get('numberOfItems')!r} is not the {len(visible)} items shown")
    crumbs = visible_breadcrumb(page)
    lists = [node for node in found if "BreadcrumbList" in types_of(node)]
    if crumbs is None:
        fail("no visible breadcrumb (a <nav> labelled Breadcrumb)")
    elif len(lists) != 1:
        fail(f"{len(lists)} BreadcrumbList objects in the JSON-LD; expected one")
    else:
        check_breadcrumb(crumbs, lists[0], canonical, site.base_url, fail)
