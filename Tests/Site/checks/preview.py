"""duosite serve in headless Chromium: a page open in the browser shows the
editor's change to its Markdown with nothing done in the browser (the live
reload), the error panel appears over every page when the content has an
error and goes when it is mended, and the page with the panel passes axe-core
at a phone and a desktop width, light and dark. Everything on 127.0.0.1;
every wait bounded."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from . import browser
from .site import normalise

PREVIEW = "live-preview"
PAGE = "Content/patterns/where-the-bars-go.md"
ADDRESS = "/patterns/where-the-bars-go/"


def wait_for(driver, condition: str, seconds: float) -> bool:
    """Polls `condition` (JavaScript returning a boolean) for up to `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if driver.execute_script(f"return {condition}"):
                return True
        except Exception:  # noqa: BLE001 - the page may be reloading
            pass
        time.sleep(0.1)
    return False


def check(duosite: str, root: Path, today: str, report, screenshots: Path | None) -> None:
    work = Path(tempfile.mkdtemp(prefix="duosite-preview-"))
    process = None
    driver = None
    try:
        for folder in ("Content", "Theme"):
            shutil.copytree(root / folder, work / folder)
        process = subprocess.Popen([duosite, "serve", "--root", str(work), "--port", "0", "--today", today],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        origin = None
        deadline = time.monotonic() + 60
        while origin is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            match = re.match(r"Serving (http://127\.0\.0\.1:\d+)/$", line.strip())
            origin = match.group(1) if match else None
        if origin is None:
            report.fail(PREVIEW, ADDRESS, "duosite serve did not print its address")
            return
        report.checked(PREVIEW, ADDRESS)
        driver = browser.make_driver(javascript=True)
        driver.get(origin + ADDRESS)
        if not wait_for(driver, "document.readyState === 'complete'", 30):
            report.fail(PREVIEW, ADDRESS, "the page did not load")
            return

        # An edit to the Markdown: the open page shows it by itself.
        page = work / PAGE
        original = page.read_text(encoding="utf-8")
        marker = "Edited while the page was open"
        page.write_text(original.replace("## The rules", f"{marker}.\n\n## The rules", 1), encoding="utf-8")
        if not wait_for(driver, f"document.body.innerText.includes({marker!r})", 10):
            report.fail(PREVIEW, ADDRESS, "the page did not show the edit to its Markdown within 10 s")

        # An error: the panel over the last good page, then axe on it.
        page.write_text(original.replace("last_checked: 2026-10-08", "last_checked: 2026-10-32"), encoding="utf-8")
        if not wait_for(driver, "document.getElementById('duosite-errors') !== null", 10):
            report.fail(PREVIEW, ADDRESS, "the error panel did not appear within 10 s of the error")
        else:
            panel = normalise(driver.execute_script("return document.getElementById('duosite-errors').innerText"))
            if "Content/patterns/where-the-bars-go.md:5:15" not in panel or "invalid-field" not in panel:
                report.fail(PREVIEW, ADDRESS, f"the error panel does not name the finding: {panel[:200]}")
            script = browser.axe_script()
            for label, width, height, mobile in (browser.PHONE, browser.DESKTOP):
                for scheme in browser.SCHEMES:
                    browser.emulate(driver, width, height, mobile, scheme)
                    driver.execute_script(script)
                    results = driver.execute_async_script(
                        "const done = arguments[arguments.length - 1];"
                        "axe.run(document).then(r => done({violations: r.violations}), e => done({error: String(e)}));")
                    if "error" in results:
                        report.fail(PREVIEW, ADDRESS, f"{label} {scheme}: axe-core failed: {results['error']}")
                        continue
                    for violation in results["violations"]:
                        for node in violation["nodes"]:
                            report.fail(PREVIEW, ADDRESS, f"the error panel, {label} {scheme}: {violation['id']} ({violation.get('impact')}): {violation['help']} — at {', '.join(map(str, node['target']))}")
            if screenshots is not None:
                browser.emulate(driver, 1280, 900, False, "light")
                folder = screenshots / "preview"
                folder.mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(folder / "error-panel.png"))

        # Mended: the panel goes.
        page.write_text(original, encoding="utf-8")
        if not wait_for(driver, "document.readyState === 'complete' && document.getElementById('duosite-errors') === null", 10):
            report.fail(PREVIEW, ADDRESS, "the error panel stayed after the error was mended")
    finally:
        if driver is not None:
            driver.quit()
        if process is not None:
            process.terminate()
            try:
                status = process.wait(timeout=5)
                if status != 0:
                    report.fail(PREVIEW, ADDRESS, f"duosite serve ended with status {status} on SIGTERM")
            except subprocess.TimeoutExpired:
                process.kill()
                report.fail(PREVIEW, ADDRESS, "duosite serve did not end within 5 s of SIGTERM")
        shutil.rmtree(work, ignore_errors=True)
        report.tool(PREVIEW).extra = "duosite serve: an edit shown with no action in the browser; the error panel, and axe-core on it, 4 configurations"
