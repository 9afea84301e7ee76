"""Headless Chromium (Debian's chromium and chromedriver) through Selenium:
axe-core on every page at a phone and a desktop width, light and dark; every
figure and all text there with JavaScript disabled; screenshots; and, from
the browser's own layout, every item the engine placed in the column drawn
inside the column, and every top-bar item inside the top bar, and every
symbol shown drawn from a symbol of the page's sprite."""

from __future__ import annotations

import base64
import collections
import functools
import http.server
import re
import shutil
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import UnexpectedAlertPresentException, WebDriverException
from selenium.webdriver.chrome.service import Service

from .site import normalise

AXE = "axe-core"
NOSCRIPT = "no-javascript"
LAYOUT = "figure-layout"
SCREENSHOTS = "screenshots"

PHONE = ("phone", 390, 844, True)
DESKTOP = ("desktop", 1280, 900, False)
SCHEMES = ("light", "dark")
PROBE = "/__verify-site__/probe.html"
PROBE_PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>probe</title></head>
<body><p id="probe">static</p><script>document.getElementById('probe').textContent = 'scripted'</script></body></html>"""

# How Theme/templates/figure.mustache names the parts of a drawn screen: the
# screen, and its regions (the engine's places) by class.
SCREEN = ".screen"
REGIONS = {"column": ".screen__column", "top": ".screen__top-bar", "bottom": ".screen__bottom-bar",
           "overflow": ".screen__menu"}
REGION_NAMES = {"column": "column", "top": "top bar", "bottom": "bottom bar", "overflow": "overflow menu"}


# An alias page sends the browser on at once (its meta refresh): asked for
# with this query, it is served without that one element, so that axe-core and
# the no-JavaScript check read the alias page itself. Where it leads is checked
# apart (`check_redirects`).
STAY = "duosite-stay"
REFRESH = re.compile(rb'<meta http-equiv="refresh"[^>]*>\n?')


def redirect_target(page) -> str | None:
    """The address an alias page's meta refresh sends the reader to."""
    for content in page.tree.xpath("//meta[@http-equiv='refresh']/@content"):
        match = re.match(r"\s*0\s*;\s*url=(.+)$", content)
        return match.group(1).strip() if match else content
    return None


def address_of(origin: str, page) -> str:
    """Where the checks open `page`: an alias page without its refresh."""
    return origin + page.url + (f"?{STAY}" if redirect_target(page) is not None else "")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # noqa: D102 - quiet
        pass

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if self.path.endswith("?" + STAY):
            path = Path(self.translate_path(self.path[: -len(STAY) - 1]))
            if path.is_dir():
                path = path / "index.html"
            body = REFRESH.sub(b"", path.read_bytes(), count=1)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path == PROBE:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(PROBE_PAGE)))
            self.end_headers()
            self.wfile.write(PROBE_PAGE)
            return
        super().do_GET()


QuietHandler.extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                               ".svg": "image/svg+xml", ".xml": "application/xml", ".css": "text/css",
                               ".json": "application/json", ".woff2": "font/woff2", "": "application/octet-stream"}


@contextmanager
def serve(root: Path):
    """A static HTTP server for `root` on 127.0.0.1, in a thread."""
    handler = functools.partial(QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def chromium() -> str:
    return shutil.which("chromium") or "/usr/bin/chromium"


def chromedriver() -> str:
    return "/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else (shutil.which("chromedriver") or "chromedriver")


def make_driver(javascript: bool = True):
    options = webdriver.ChromeOptions()
    options.binary_location = chromium()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--no-proxy-server", "--force-color-profile=srgb",
                     "--disable-extensions", "--mute-audio", "--lang=en-US", "--window-size=1280,900",
                     "--no-first-run", "--disable-background-networking", "--disable-sync"):
        options.add_argument(argument)
    if not javascript:
        options.add_argument("--blink-settings=scriptEnabled=false")
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(chromedriver()), options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(120)
    return driver


def versions() -> str:
    import subprocess
    out = []
    for command in ([chromium(), "--version"], [chromedriver(), "--version"]):
        try:
            out.append(subprocess.run(command, capture_output=True, text=True, timeout=60).stdout.strip())
        except OSError as error:
            out.append(f"{command[0]}: {error}")
    return "; ".join(out)


def emulate(driver, width: int, height: int, mobile: bool, scheme: str) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def axe_script() -> str:
    import selenium_axe_python
    return (Path(selenium_axe_python.__file__).parent / "axe-core" / "axe.min.js").read_text(encoding="utf-8")


def axe_version() -> str:
    match = re.search(r'\.version="([^"]+)"', axe_script())
    return match.group(1) if match else "unknown"


def page_key(page) -> str:
    key = page.url.strip("/").replace("/", "-").replace(".html", "")
    return key or "index"


def dismiss_alerts(driver) -> list:
    texts = []
    for _ in range(20):
        try:
            alert = driver.switch_to.alert
            texts.append(alert.text)
            alert.accept()
        except WebDriverException:
            break
    return texts


def load(driver, report, tool, page, address) -> bool:
    """Opens a page; a script that runs (an alert) is a failure."""
    try:
        driver.get(address)
        driver.execute_script("return document.readyState")
        return True
    except UnexpectedAlertPresentException as error:
        texts = [error.alert_text] + dismiss_alerts(driver)
        report.fail(tool, page.name, f"a script ran on the page and opened an alert: {', '.join(repr(t) for t in texts if t is not None)}")
        try:
            driver.execute_script("return document.readyState")
            return True
        except WebDriverException:
            dismiss_alerts(driver)
            return True
    except WebDriverException as error:
        dismiss_alerts(driver)
        report.fail(tool, page.name, f"the browser could not open the page: {error.msg}")
    return False


LAYOUT_SCRIPT = """
const [screenSel, regions, names] = arguments;
const out = {items: 0, symbols: 0, problems: []};
const r = e => { const b = e.getBoundingClientRect(); return {x: b.left, y: b.top, r: b.right, b: b.bottom, w: b.width, h: b.height}; };
const inside = (a, b) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.r <= b.r + 0.5 && a.b <= b.b + 0.5;
const overlap = (a, b) => Math.max(0, Math.min(a.r, b.r) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.b, b.b) - Math.max(a.y, b.y));
const box = a => `[${a.x.toFixed(1)}, ${a.y.toFixed(1)} – ${a.r.toFixed(1)}, ${a.b.toFixed(1)}]`;
const figures = [...document.querySelectorAll('figure')];
const where = e => { const f = e.closest('figure'); const s = e.closest(screenSel); return `figure ${figures.indexOf(f) + 1} (${s ? s.dataset.device : '?'})`; };
const drawn = new Map();
for (const item of document.querySelectorAll('[data-item][data-place]')) {
  if (!item.checkVisibility({checkVisibilityCSS: true})) continue;
  const place = item.dataset.place;
  if (!(place in regions)) continue;
  out.items++;
  const screen = item.closest(screenSel);
  const region = screen && [...screen.querySelectorAll(regions[place])][0];
  const a = r(item);
  const label = `${where(item)}: item '${item.dataset.item}' placed in the ${names[place]}`;
  if (!region) { out.problems.push(`${label}: the screen draws no ${names[place]} (${regions[place]})`); continue; }
  if (a.w < 1 || a.h < 1) { out.problems.push(`${label} is not drawn: its box is ${a.w.toFixed(1)}×${a.h.toFixed(1)}`); continue; }
  const b = r(region);
  if (!inside(a, b)) out.problems.push(`${label} is drawn at ${box(a)}, outside the ${names[place]} at ${box(b)}`);
  if (!drawn.has(region)) drawn.set(region, []);
  for (const [other, c] of drawn.get(region)) {
    if (overlap(a, c) > 1) out.problems.push(`${label} at ${box(a)} overlaps item '${other}' at ${box(c)}`);
  }
  drawn.get(region).push([item.dataset.item, a]);
}
// Every symbol shown is drawn from a symbol of the page's sprite.
for (const use of document.querySelectorAll('use')) {
  if (!use.closest('svg').checkVisibility({checkVisibilityCSS: true})) continue;
  out.symbols++;
  const href = use.getAttribute('href') || '';
  const target = href.startsWith('#') ? document.getElementById(href.slice(1)) : null;
  const label = `${where(use)}: the symbol drawn from '${href}'`;
  if (!target || target.localName !== 'symbol') { out.problems.push(`${label} refers to no symbol of the page`); continue; }
  const a = r(use);
  if (a.w < 1 || a.h < 1) out.problems.push(`${label} is not drawn: its box is ${a.w.toFixed(1)}×${a.h.toFixed(1)}`);
}
return out;
"""

RENDERED_SCRIPT = """
const switchOnly = arguments[0].join(', ');
const figures = [...document.querySelectorAll('figure')].filter(f => !f.closest(switchOnly));
const shown = figures.filter(f => f.getClientRects().length > 0 && f.offsetWidth > 0 && f.offsetHeight > 0 && f.checkVisibility({checkVisibilityCSS: true}));
const hidden = [];
for (const e of document.body.querySelectorAll('*')) {
  if (!e.textContent.trim() || ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(e.tagName) || e.closest('svg') || e.closest(switchOnly)) continue;
  if (!e.checkVisibility({checkVisibilityCSS: true}) && e.parentElement && e.parentElement.checkVisibility({checkVisibilityCSS: true})) {
    hidden.push(`<${e.tagName.toLowerCase()}${e.id ? ' id=' + e.id : ''}${e.className && typeof e.className === 'string' ? ' class="' + e.className + '"' : ''}>: ${e.textContent.trim().replace(/\\s+/g, ' ').slice(0, 80)}`);
  }
}
return {figures: figures.length, shown: shown.length, text: document.body.innerText, hidden: hidden};
"""

# The most states of a switching demo on the page, and the selection of
# state N in every switching demo that has it (as a click on its label does).
SWITCH_STATES = "return Math.max(0, ...[...document.querySelectorAll('.switch')].map(s => s.querySelectorAll('.switch__input').length));"
SELECT_STATE = """
const done = arguments[arguments.length - 1];
for (const s of document.querySelectorAll('.switch')) {
  const input = s.querySelectorAll('.switch__input')[arguments[0] - 1];
  if (input) input.checked = true;
}
// The items' transitions run to their end (at most two seconds) before anything is measured.
requestAnimationFrame(() => Promise.race([Promise.all(document.getAnimations().map(a => a.finished)), new Promise(r => setTimeout(r, 2000))]).then(() => done(true), () => done(false)));
"""

# What a switching demo shows only in some states, or only in print and
# without :has() (its states side by side): the demo-switch check shows each.
SWITCH_ONLY = (".demo--switch > .demo__states", ".switch__shown")

WORD = re.compile(r"\w+", re.UNICODE)


def source_words(page) -> collections.Counter:
    words: list = []

    def walk(element):
        tag = element.tag if isinstance(element.tag, str) else ""
        local = tag.split("}")[-1]
        classes = f" {element.get('class') or ''} " if tag else ""
        switch_only = " switch__shown " in classes or (" demo__states " in classes and " demo--switch " in f" {element.getparent().get('class') or ''} ")
        if local in ("script", "style", "template", "svg", "head") or switch_only:
            pass
        else:
            if element.text and tag:
                words.extend(WORD.findall(element.text.casefold()))
            for child in element:
                walk(child)
        if element.tail:
            words.extend(WORD.findall(element.tail.casefold()))

    body = page.tree.find("body")
    if body is not None:
        walk(body)
    return collections.Counter(words)


def capture(driver, path: Path, clip: dict) -> None:
    """A PNG of a part of the page, in page coordinates, through the DevTools
    protocol (beyond the viewport, with the emulated metrics)."""
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": {**clip, "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))


def screenshot_page(driver, path: Path) -> None:
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    capture(driver, path, {"x": 0, "y": 0, "width": size["width"], "height": size["height"]})


FIGURE_BOXES = """
return [...document.querySelectorAll('figure')].filter(f => !f.parentElement.closest('figure')).map(f => {
  const b = f.getBoundingClientRect();
  return {x: b.left + scrollX, y: b.top + scrollY, width: b.width, height: b.height};
});
"""


def check(sites, report, screenshots: Path | None) -> None:
    script = axe_script()
    driver = make_driver(javascript=True)
    layout_items = 0
    layout_symbols = 0
    shots = 0
    violations_total = 0
    incomplete = collections.Counter()
    try:
        for site in sites:
            with serve(site.root) as origin:
                for label, width, height, mobile in (PHONE, DESKTOP):
                    for scheme in SCHEMES:
                        configuration = f"{label} {width}×{height} {scheme}"
                        emulate(driver, width, height, mobile, scheme)
                        for page in site.pages:
                            report.checked(AXE, page.name)
                            if not load(driver, report, AXE, page, address_of(origin, page)):
                                continue
                            dark = driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
                            if dark != (scheme == "dark"):
                                report.fail(AXE, page.name, f"{configuration}: the browser did not take the {scheme} colour scheme")
                            viewport = driver.execute_script("return innerWidth")
                            if viewport != width:
                                report.fail(AXE, page.name, f"{configuration}: the page is laid out {viewport} px wide, not {width} (does it have a viewport meta element?)")
                            driver.execute_script(script)
                            # Every state of the switching demos: the page as it opens, then each demo's second state, third…
                            states = driver.execute_script(SWITCH_STATES)
                            if states > 1:
                                driver.execute_async_script(SELECT_STATE, 1)
                            for state in range(1, max(1, states) + 1):
                                where = configuration if state == 1 else f"{configuration}, the demos in state {state}"
                                if state > 1:
                                    driver.execute_async_script(SELECT_STATE, state)
                                results = driver.execute_async_script(
                                    "const done = arguments[arguments.length - 1];"
                                    "axe.run(document).then(r => done({violations: r.violations, incomplete: r.incomplete.map(i => ({id: i.id, nodes: i.nodes.length}))}), e => done({error: String(e)}));")
                                if "error" in results:
                                    report.fail(AXE, page.name, f"{where}: axe-core failed: {results['error']}")
                                    continue
                                for entry in results["incomplete"]:
                                    incomplete[entry["id"]] += entry["nodes"]
                                for violation in results["violations"]:
                                    for node in violation["nodes"]:
                                        violations_total += 1
                                        summary = normalise(node.get("failureSummary") or "")
                                        report.fail(AXE, page.name, f"{where}: {violation['id']} ({violation.get('impact')}): {violation['help']} — at {', '.join(map(str, node['target']))}: {summary}")
                            if states > 1:
                                driver.execute_async_script(SELECT_STATE, 1)
                            layout = driver.execute_script(LAYOUT_SCRIPT, SCREEN, REGIONS, REGION_NAMES)
                            if scheme == "light":
                                report.checked(LAYOUT, page.name)
                                layout_items += layout["items"]
                                layout_symbols += layout["symbols"]
                                for problem in layout["problems"]:
                                    report.fail(LAYOUT, page.name, f"{configuration}: {problem}")
                            if screenshots is not None and scheme == "light":
                                folder = screenshots / site.name
                                folder.mkdir(parents=True, exist_ok=True)
                                report.checked(SCREENSHOTS, page.name)
                                if label == "desktop":
                                    screenshot_page(driver, folder / f"{page_key(page)}--desktop.png")
                                    shots += 1
                                else:
                                    for number, box in enumerate(driver.execute_script(FIGURE_BOXES), 1):
                                        if box["width"] > 0 and box["height"] > 0:
                                            capture(driver, folder / f"{page_key(page)}--figure-{number}--phone.png", box)
                                            shots += 1
    finally:
        driver.quit()
    report.tool(AXE).extra = f"{violations_total} violations, 4 configurations each (phone 390×844 and desktop 1280×900, light and dark), every state of each switching demo, axe-core {axe_version()}"
    if incomplete:
        report.note(AXE, "checks axe-core could not decide (it asks a person to review them; not failures): "
                    + ", ".join(f"{rule} ×{count}" for rule, count in sorted(incomplete.items())))
    report.tool(LAYOUT).extra = f"{layout_items} placed items measured against their column, top bar, bottom bar or overflow menu; {layout_symbols} symbols drawn from the page's sprite"
    if layout_items == 0:
        report.note(LAYOUT, "no figure item carries data-item and data-place yet: nothing measured")
    if layout_symbols == 0:
        report.fail(LAYOUT, "(site)", "no symbol is drawn from a page's sprite: none was checked")
    if screenshots is not None:
        report.tool(SCREENSHOTS).extra = f"{shots} screenshots in {screenshots.name}/"
    check_without_javascript(sites, report)


def check_without_javascript(sites, report) -> None:
    driver = make_driver(javascript=False)
    figures_total = 0
    try:
        for site in sites:
            with serve(site.root) as origin:
                driver.get(origin + PROBE)
                if driver.execute_script("return document.getElementById('probe').textContent") != "static":
                    report.fail(NOSCRIPT, "(browser)", "JavaScript is not disabled in the no-JavaScript browser")
                    return
                for label, width, height, mobile in (PHONE, DESKTOP):
                    emulate(driver, width, height, mobile, "light")
                    for page in site.pages:
                        report.checked(NOSCRIPT, page.name)
                        if not load(driver, report, NOSCRIPT, page, address_of(origin, page)):
                            continue
                        rendered = driver.execute_script(RENDERED_SCRIPT, list(SWITCH_ONLY))
                        in_source = len(page.tree.xpath("//body//figure[not(ancestor::figure[contains(concat(' ', @class, ' '), ' demo--switch ')])]"))
                        if label == "phone":
                            figures_total += in_source
                        if rendered["figures"] != in_source or rendered["shown"] != in_source:
                            report.fail(NOSCRIPT, page.name, f"{label}: the HTML has {in_source} figures; with no JavaScript the browser shows {rendered['shown']} of {rendered['figures']}")
                        shown = rendered["text"].casefold()
                        joined = "".join(shown.split())
                        missing = source_words(page) - collections.Counter(WORD.findall(shown))
                        # Words the source splits at an element boundary (<a>x</a><a>y</a>) are one word on screen.
                        missing = sorted(word for word in missing if word not in joined)
                        if missing:
                            report.fail(NOSCRIPT, page.name, f"{label}: {len(missing)} words of the HTML are not shown with no JavaScript: {', '.join(missing[:20])}")
                        for element in rendered["hidden"]:
                            report.fail(NOSCRIPT, page.name, f"{label}: text not shown with no JavaScript: {element}")
                check_redirects(driver, site, origin, report)
    finally:
        driver.quit()
    report.tool(NOSCRIPT).extra = f"{figures_total} figures, phone and desktop widths"


def check_redirects(driver, site, origin: str, report) -> None:
    """Each alias page, opened with no JavaScript, leads the browser to the
    page it names, which exists, and names it as its canonical address."""
    for page in site.pages:
        target = redirect_target(page)
        if target is None:
            continue
        report.checked(NOSCRIPT, page.name)
        if site.page(target) is None:
            report.fail(NOSCRIPT, page.name, f"the alias leads to {target!r}, which the site does not have")
            continue
        canonical = page.tree.xpath("//link[@rel='canonical']/@href")
        if canonical != [site.base_url + target]:
            report.fail(NOSCRIPT, page.name, f"the alias's canonical address is {canonical!r}, not {site.base_url + target!r}")
        if not page.tree.xpath(f"//main//a[@href='{target}']"):
            report.fail(NOSCRIPT, page.name, f"the alias shows no link to {target!r}")
        if not load(driver, report, NOSCRIPT, page, origin + page.url):
            continue
        # Bounded: the refresh is immediate.
        for _ in range(50):
            if driver.current_url == origin + target:
                break
            time.sleep(0.1)
        else:
            report.fail(NOSCRIPT, page.name, f"with no JavaScript, the alias left the browser at {driver.current_url!r}, not {origin + target!r}")
