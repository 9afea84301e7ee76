"""Collects what each tool checked and found, and prints it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Failure:
    page: str
    tool: str
    message: str


@dataclass
class ToolResult:
    tool: str
    pages: set = field(default_factory=set)
    failures: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    extra: str = ""


class Report:
    """One result per tool, in the order the tools ran."""

    def __init__(self) -> None:
        self.results: dict[str, ToolResult] = {}

    def tool(self, name: str) -> ToolResult:
        if name not in self.results:
            self.results[name] = ToolResult(name)
        return self.results[name]

    def checked(self, tool: str, page: str) -> None:
        self.tool(tool).pages.add(page)

    def fail(self, tool: str, page: str, message: str) -> None:
        self.tool(tool).failures.append(Failure(page, tool, message))

    def note(self, tool: str, message: str) -> None:
        self.tool(tool).notes.append(message)

    @property
    def failed(self) -> bool:
        return any(result.failures for result in self.results.values())

    def print(self) -> None:
        for result in self.results.values():
            for failure in result.failures:
                print(f"FAIL {failure.page}: [{failure.tool}] {failure.message}")
        for result in self.results.values():
            for note in result.notes:
                print(f"note: [{result.tool}] {note}")
        for result in self.results.values():
            status = "ok" if not result.failures else "FAILED"
            extra = f" ({result.extra})" if result.extra else ""
            print(f"{result.tool}: {len(result.pages)} pages checked, {len(result.failures)} errors{extra} — {status}")
