"""The demos that switch between their states, in headless Chromium with
JavaScript disabled and reduced motion forced: every state of every switching
figure selected by clicking its label and by the arrow keys, each item's
drawn box inside the bar where `duosite place` puts it in that state, in its
form, its text whole; the state's caption and text alternative shown, and
the figure and its drawing named by them in the accessibility tree, the
other states' not; the
transitions (transform and opacity only, only while the switch is worked,
none under reduced motion); and, in
print and with every `:has()` rule taken out of the stylesheets, all the
states side by side. A screenshot of each state."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from . import browser

SWITCH = "demo-switch"

# The boxes, faces and captions of the selected state, read off the browser's layout.
STATE_SCRIPT = """
const figure = arguments[0];
const r = e => { const b = e.getBoundingClientRect(); return {x: b.left, y: b.top, r: b.right, b: b.bottom}; };
const shown = e => e.checkVisibility({checkVisibilityCSS: true, opacityProperty: true});
// The text an element is named with in the markup: its aria-label, or that of
// the elements its aria-labelledby names (their text when they have none).
const named = e => e.hasAttribute('aria-labelledby')
  ? e.getAttribute('aria-labelledby').split(' ').filter(Boolean).map(id => document.getElementById(id))
      .map(n => n ? (n.getAttribute('aria-label') ?? n.textContent).trim() : '').join(' ')
  : e.getAttribute('aria-label');
const inputs = [...figure.querySelectorAll('.switch__input')];
const items = {};
for (const item of figure.querySelectorAll('.switch__item[data-item]')) {
  const faces = [...item.querySelectorAll('.switch__face')].filter(shown);
  // Text that is too small to read or cut short by its box.
  const text = [];
  for (const face of faces) {
    for (const t of face.querySelectorAll('.item__title, .item__value, .item__segment, .item__custom')) {
      const size = parseFloat(getComputedStyle(t).fontSize);
      if (size < 4) text.push(`'${t.textContent}' is drawn at ${size}px`);
      else if (t.scrollWidth > t.clientWidth + 1) text.push(`'${t.textContent}' is cut short (${t.scrollWidth} px wide in ${t.clientWidth})`);
    }
  }
  items[item.dataset.item] = {box: r(item), shown: shown(item), text,
    faces: faces.map(f => ({place: f.dataset.place, form: f.dataset.form, rule: f.dataset.rule}))};
}
const regions = {};
for (const region of figure.querySelectorAll('.screen--switch [data-bar]')) {
  if (shown(region)) regions[region.dataset.bar] = r(region);
}
return {
  checked: inputs.findIndex(i => i.checked) + 1,
  focused: inputs.indexOf(document.activeElement) + 1,
  items, regions,
  captions: [...figure.querySelectorAll('.switch__caption')].filter(shown).map(c => c.textContent.trim()),
  alts: [...figure.querySelectorAll('.switch__alt')].filter(shown).map(named),
  staticAlts: [...figure.querySelectorAll('.demo__states [role=img]')].map(a => a.getAttribute('aria-label')),
  staticCaptions: [...figure.querySelectorAll('.demo__states .state__caption')].map(c => c.textContent.trim()),
};
"""

# What the reader sees of each switching figure when the switch is not used
# (print, or no :has()): the switch hidden, every state's figure shown.
FALLBACK_SCRIPT = """
const out = [];
for (const figure of document.querySelectorAll('figure.demo--switch')) {
  const visible = e => e.checkVisibility({checkVisibilityCSS: true});
  out.push({switchShown: visible(figure.querySelector('.switch')),
            states: figure.querySelectorAll('.demo__states > li').length,
            shown: [...figure.querySelectorAll('.demo__states > li')].filter(li => visible(li) && visible(li.querySelector('.screen')) && visible(li.querySelector('.state__caption'))).length});
}
return out;
"""

# Takes every rule that uses :has() out of the page's stylesheets, as a
# browser without it would drop them.
WITHOUT_HAS = """
let removed = 0;
const strip = list => {
  for (let i = list.cssRules.length - 1; i >= 0; i--) {
    const rule = list.cssRules[i];
    const text = (rule.selectorText || '') + ' ' + (rule.conditionText || '');
    if (text.includes(':has(')) { list.deleteRule(i); removed++; }
    else if (rule.cssRules) strip(rule);
  }
};
for (const sheet of document.styleSheets) strip(sheet);
return removed;
"""

# The items' transitions with nothing in the page focused or pointed at.
IDLE_TRANSITIONS = """
if (document.activeElement) document.activeElement.blur();
const s = getComputedStyle(document.querySelector('.switch__part'));
return {property: s.transitionProperty, duration: s.transitionDuration};
"""

# The transitions while a reader works the switch (the focus on a state).
TRANSITIONS = """
document.querySelector('.switch__input').focus();
const part = document.querySelector('.switch__part'), face = document.querySelector('.switch__face');
const s = getComputedStyle(part), f = getComputedStyle(face);
return {property: s.transitionProperty, duration: s.transitionDuration, faceProperty: f.transitionProperty, faceDuration: f.transitionDuration};
"""


def moves(property: str, duration: str) -> bool:
    """Whether a transition with these computed values can be seen: a
    property other than none, lasting more than a hundredth of a millisecond."""
    seconds = [float(part.strip().rstrip("ms").rstrip("s")) / (1000 if part.strip().endswith("ms") else 1)
               for part in duration.split(",")]
    return property != "none" and max(seconds) > 0.00001


def inside(a: dict, b: dict) -> bool:
    return a["x"] >= b["x"] - 0.5 and a["y"] >= b["y"] - 0.5 and a["r"] <= b["r"] + 0.5 and a["b"] <= b["b"] + 0.5


def box(a: dict) -> str:
    return f"[{a['x']:.1f}, {a['y']:.1f} – {a['r']:.1f}, {a['b']:.1f}]"


def placements(duosite: str, root: Path, page) -> list | None:
    """`duosite place --format json` of the page's Markdown: the demos of
    two states or more, in order."""
    slug = page.url.strip("/").split("/")[-1]
    source = root / "Content" / "patterns" / f"{slug}.md"
    if not source.is_file():
        return None
    result = subprocess.run([duosite, "place", str(source), "--root", str(root), "--format", "json"],
                            capture_output=True, text=True, timeout=120)
    return [demo for demo in json.loads(result.stdout)["demos"] if len(demo["states"]) > 1]


def accessible(driver) -> list:
    """The figures' and images' roles and names in the browser's
    accessibility tree: what a screen reader is told."""
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
    out = []
    for node in tree.get("nodes", []):
        role = (node.get("role") or {}).get("value")
        if role in ("figure", "image") and not node.get("ignored"):
            out.append((role, " ".join(str((node.get("name") or {}).get("value", "")).split())))
    return out


def check_names(report, page, where: str, tree: list, state: dict, number: int) -> None:
    """The figure is named by the selected state's caption, and the drawing
    by its text alternative; no other state's."""
    captions = [" ".join(c.split()) for c in state["staticCaptions"]]
    alts = [" ".join(a.split()) for a in state["staticAlts"]]
    index = number - 1
    figures = [name for role, name in tree if role == "figure"]
    images = [name for role, name in tree if role == "image"]
    if not any(captions[index] in name for name in figures):
        report.fail(SWITCH, page.name, f"{where}: no figure is named with the state's caption '{captions[index][:60]}…'")
    for other, caption in enumerate(captions):
        if other != index and caption != captions[index] and any(caption in name for name in figures):
            report.fail(SWITCH, page.name, f"{where}: a figure is still named with state {other + 1}'s caption")
    if alts[index] not in images:
        report.fail(SWITCH, page.name, f"{where}: no image has the state's text alternative")
    for other, alt in enumerate(alts):
        if other != index and alt != alts[index] and alt in images:
            report.fail(SWITCH, page.name, f"{where}: state {other + 1}'s text alternative is still given")


def check_state(report, page, label: str, number: int, figure_number: int, state: dict, expected: dict, how: str) -> None:
    where = f"{label}, figure {figure_number}, state {number} ('{expected['name']}', {how})"
    if state["checked"] != number:
        report.fail(SWITCH, page.name, f"{where}: input {state['checked']} is checked, not {number}")
        return
    for item in expected["items"]:
        drawn = state["items"].get(item["id"])
        if drawn is None:
            report.fail(SWITCH, page.name, f"{where}: item '{item['id']}' is not drawn")
            continue
        if not drawn["shown"]:
            report.fail(SWITCH, page.name, f"{where}: item '{item['id']}' is hidden")
            continue
        want = {"place": item["place"], "form": item["form"], "rule": item["rule"] or ""}
        if drawn["faces"] != [want]:
            report.fail(SWITCH, page.name, f"{where}: item '{item['id']}' shows {drawn['faces']}, but the engine puts it in {want}")
        for problem in drawn["text"]:
            report.fail(SWITCH, page.name, f"{where}: item '{item['id']}': {problem}")
        region = state["regions"].get(item["place"])
        if region is None:
            report.fail(SWITCH, page.name, f"{where}: item '{item['id']}' is placed in the {item['place']} bar, which is not shown")
        elif not inside(drawn["box"], region):
            report.fail(SWITCH, page.name, f"{where}: item '{item['id']}' is drawn at {box(drawn['box'])}, outside the {item['place']} bar at {box(region)}")
    placed = {item["id"] for item in expected["items"]}
    for item_id, drawn in state["items"].items():
        if item_id not in placed and item_id != "system-overflow" and drawn["shown"]:
            report.fail(SWITCH, page.name, f"{where}: item '{item_id}' is shown, but the engine does not place it in this state")
    index = number - 1
    if len(state["captions"]) != 1 or index >= len(state["staticCaptions"]) or state["captions"][0] != state["staticCaptions"][index]:
        report.fail(SWITCH, page.name, f"{where}: the caption shown is {state['captions']}, not the state's")
    if len(state["alts"]) != 1 or index >= len(state["staticAlts"]) or state["alts"][0] != state["staticAlts"][index]:
        report.fail(SWITCH, page.name, f"{where}: the text alternative shown is {state['alts']}, not the state's")


def check(sites, sources: dict, duosite: str | None, report, screenshots: Path | None) -> None:
    driver = browser.make_driver(javascript=False)
    figures_total = states_total = 0
    try:
        for site in sites:
            root = sources.get(site.name)
            with browser.serve(site.root) as origin:
                for label, width, height, mobile in (browser.PHONE, browser.DESKTOP):
                    for page in site.pages:
                        if not page.tree.xpath("//figure[contains(concat(' ', @class, ' '), ' demo--switch ')]"):
                            continue
                        report.checked(SWITCH, page.name)
                        expected = placements(duosite, root, page) if duosite and root else None
                        if expected is None:
                            report.fail(SWITCH, page.name, "cannot run `duosite place` on the page's Markdown (give verify.py --duosite and --source)")
                            continue
                        browser.emulate(driver, width, height, mobile, "light")
                        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "screen", "features": [
                            {"name": "prefers-reduced-motion", "value": "reduce"}, {"name": "prefers-color-scheme", "value": "light"}]})
                        if not browser.load(driver, report, SWITCH, page, origin + page.url):
                            continue
                        figures = driver.find_elements("css selector", "figure.demo--switch")
                        demos = [demo for demo in expected if len(demo["states"]) <= 12]
                        if len(figures) != len(demos):
                            report.fail(SWITCH, page.name, f"{label}: {len(figures)} switching figures, but the page has {len(demos)} demos of several states")
                            continue
                        timing = driver.execute_script(TRANSITIONS)
                        if moves(timing["property"], timing["duration"]) or moves(timing["faceProperty"], timing["faceDuration"]):
                            report.fail(SWITCH, page.name, f"{label}: under reduced motion the items still move ({timing})")
                        for number, (figure, demo) in enumerate(zip(figures, demos), 1):
                            if label == "phone":
                                figures_total += 1
                            labels = figure.find_elements("css selector", ".switch__label")
                            names = [element.text for element in labels]
                            if names != [state["name"] for state in demo["states"]]:
                                report.fail(SWITCH, page.name, f"{label}, figure {number}: the labels {names} are not the states {[s['name'] for s in demo['states']]}")
                                continue
                            first = driver.execute_script(STATE_SCRIPT, figure)
                            check_state(report, page, label, 1, number, first, demo["states"][0], "as the page opens")
                            # By clicking each label.
                            for index, element in enumerate(labels, 1):
                                driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
                                element.click()
                                state = driver.execute_script(STATE_SCRIPT, figure)
                                check_state(report, page, label, index, number, state, demo["states"][index - 1], "its label clicked")
                                check_names(report, page, f"{label}, figure {number}, state {index}", accessible(driver), state, index)
                                if label == "phone":
                                    states_total += 1
                                if screenshots is not None and label == "phone":
                                    folder = screenshots / site.name
                                    folder.mkdir(parents=True, exist_ok=True)
                                    clip = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return {x: b.left + scrollX, y: b.top + scrollY, width: b.width, height: b.height};", figure)
                                    browser.capture(driver, folder / f"{browser.page_key(page)}--switch-{number}--state-{index}--phone.png", clip)
                            # By the arrow keys, from the first state round to it again.
                            labels[0].click()
                            inputs = figure.find_elements("css selector", ".switch__input")
                            for step in range(1, len(inputs) + 1):
                                ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
                                index = step % len(inputs) + 1
                                state = driver.execute_script(STATE_SCRIPT, figure)
                                if state["focused"] != index:
                                    report.fail(SWITCH, page.name, f"{label}, figure {number}: after {step} presses of the right arrow the focus is on input {state['focused']}, not {index}")
                                check_state(report, page, label, index, number, state, demo["states"][index - 1], f"{step} presses of the right arrow")
                        # Without reduced motion, items move by transform and opacity
                        # only, and only while the switch is worked: not as the page settles.
                        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "screen", "features": [
                            {"name": "prefers-reduced-motion", "value": "no-preference"}]})
                        # The pointer away from the switch (a click left it over a label).
                        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 0, "y": 0})
                        idle = driver.execute_script(IDLE_TRANSITIONS)
                        if moves(idle["property"], idle["duration"]):
                            report.fail(SWITCH, page.name, f"{label}: the items move with nothing chosen ({idle}): they would as the page settles")
                        timing = driver.execute_script(TRANSITIONS)
                        if timing["property"] != "transform, opacity" or timing["faceProperty"] != "opacity" or not moves(timing["property"], timing["duration"]):
                            report.fail(SWITCH, page.name, f"{label}: the items' transitions are {timing}, not transform and opacity")
                        # In print, and with no :has(), every state side by side.
                        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print", "features": []})
                        fallback(report, page, f"{label}, in print", driver.execute_script(FALLBACK_SCRIPT))
                        layout = driver.execute_script(browser.LAYOUT_SCRIPT, browser.SCREEN, browser.REGIONS, browser.REGION_NAMES)
                        for problem in layout["problems"]:
                            report.fail(SWITCH, page.name, f"{label}, in print: {problem}")
                        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "screen", "features": []})
                        removed = driver.execute_script(WITHOUT_HAS)
                        if removed == 0:
                            report.fail(SWITCH, page.name, f"{label}: the stylesheets have no :has() rule to take out")
                        fallback(report, page, f"{label}, without :has()", driver.execute_script(FALLBACK_SCRIPT))
    finally:
        driver.quit()
    report.tool(SWITCH).extra = f"{figures_total} switching figures, {states_total} states, phone and desktop widths"
    if figures_total == 0:
        report.fail(SWITCH, "(site)", "no switching figure was found: nothing was checked")


def fallback(report, page, where: str, figures: list) -> None:
    for number, figure in enumerate(figures, 1):
        if figure["switchShown"]:
            report.fail(SWITCH, page.name, f"{where}, figure {number}: the switch is shown")
        if figure["shown"] != figure["states"] or figure["states"] < 2:
            report.fail(SWITCH, page.name, f"{where}, figure {number}: {figure['shown']} of its {figure['states']} states are shown")
