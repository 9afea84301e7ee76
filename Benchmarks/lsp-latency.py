#!/usr/bin/env python3
"""Measures duosite lsp on a generated corpus, as an editor uses it: the time
from starting the server to the first diagnostics of an open page, then, over
a series of edits of that page (each making a new finding, so that each is
answered), the time from the edit sent to its diagnostics received (median
and 95th percentile) and the server's CPU time per edit (which other work on
the machine does not lengthen), and the server's memory after the first
edits and after all of them; then the time each request about the whole
site takes to be answered (median over --requests): references to a rule
and to a source id, a page's rename computed, workspace symbols, the quick
fixes of the page's diagnostics, its code lenses and document links.

Run by scripts/bench-lsp, which builds duosite and generates the corpus. It
speaks the protocol with the standard library only; every wait is bounded.
"""
import argparse, json, os, pathlib, select, statistics, subprocess, sys, time

from measures import cpu_seconds, percentile, rss_mib


class Server:
    """duosite lsp on pipes, framed by hand."""

    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buffer = b""

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def next(self, timeout):
        deadline = time.monotonic() + timeout
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                length = next(int(line.split(b":")[1]) for line in self.buffer[:end].split(b"\r\n") if line.lower().startswith(b"content-length"))
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4:end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length:]
                    return json.loads(body)
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.process.stdout], [], [], left)[0]:
                raise TimeoutError("no message from the server in time")
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                raise EOFError("the server closed its output")
            self.buffer += chunk

    def diagnostics(self, uri, version, timeout=30):
        """Waits for the diagnostics of `uri` at `version`."""
        while True:
            message = self.next(timeout)
            params = message.get("params") or {}
            if message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri and params.get("version") == version:
                return params["diagnostics"]

    def request(self, ident, method, params, timeout=60):
        """Sends a request and waits for its response: the response, and the milliseconds it took."""
        sent = time.monotonic()
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            message = self.next(timeout)
            if message.get("id") == ident and "method" not in message:
                if "error" in message:
                    sys.exit(f"{method}: {message['error']}")
                return message["result"], (time.monotonic() - sent) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--site", required=True)
    parser.add_argument("--today", default="2026-11-29")
    parser.add_argument("--edits", type=int, default=50)
    parser.add_argument("--memory-edits", type=int, default=500)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--pause", type=float, default=2.0)
    options = parser.parse_args()

    site = pathlib.Path(options.site).resolve()
    pages = sorted((site / "Content/patterns").glob("*.md"))
    page = pages[len(pages) // 2]
    uri = page.as_uri()
    text = page.read_text()

    started = time.monotonic()
    server = Server([options.binary, "lsp", "--root", str(site), "--today", options.today])
    capabilities = {"workspace": {"workspaceEdit": {"documentChanges": True, "resourceOperations": ["rename"]}}}
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": capabilities, "rootUri": site.as_uri()}})
    while server.next(60).get("id") != 1:
        pass
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
    server.diagnostics(uri, 1, timeout=120)
    startup = time.monotonic() - started
    # A pause before the edits, as an editor's user makes one: the server
    # makes every file's findings once, on a thread of its own, after the
    # first 0.3 s without a message; the edits are timed after it.
    time.sleep(options.pause)

    latencies, memory_early = [], None
    total = max(options.edits, options.memory_edits)
    cpu_before = cpu_seconds(server.process.pid)
    for edit in range(total):
        version = edit + 2
        # A new broken link each time: the diagnostics change, so each edit is answered.
        edited = text + f"\nSee [page {edit}](missing-{edit}.md).\n"
        sent = time.monotonic()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": edited}]}})
        found = server.diagnostics(uri, version)
        if edit < options.edits:
            latencies.append((time.monotonic() - sent) * 1000)
        if edit + 1 == options.edits:
            cpu_per_edit = (cpu_seconds(server.process.pid) - cpu_before) / options.edits * 1000
        if not any(f"missing-{edit}.md" in d["message"] for d in found):
            sys.exit(f"edit {edit}: its broken link was not reported")
        if edit + 1 == min(20, total):
            memory_early = rss_mib(server.process.pid)
    memory_late = rss_mib(server.process.pid)

    # One more edit, for findings with fixes: the page stale, a source id misspelt.
    version = total + 2
    lines = edited.split("\n")
    cited = next(line for line in lines if line.strip().startswith("Sources ("))
    source = cited.split("): ", 1)[1].split(" ")[0]
    misspelt = source[1] + source[0] + source[2:]
    edited = edited.replace(cited, cited.replace(f"): {source}", f"): {misspelt}", 1), 1)
    edited = "\n".join("last_checked: 2020-01-01" if line.startswith("last_checked:") else line for line in edited.split("\n"))
    server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": edited}]}})
    found = server.diagnostics(uri, version)

    # Requests about the whole site, on the page as the last edit left it.
    lines = edited.split("\n")
    rule_line = next(index for index, line in enumerate(lines) if line.startswith("1. "))
    # A source id of the last citation block (the first one's is misspelt).
    citation_line = max(index for index, line in enumerate(lines) if line.strip().startswith("Sources ("))
    source_column = lines[citation_line].index("): ") + 3
    title = next(line for line in lines if line.startswith("title:"))
    number = page.stem.split("-")[-1]
    document = {"uri": uri}
    asked = [
        ("references to a rule", "textDocument/references",
         {"textDocument": document, "position": {"line": rule_line, "character": 0}, "context": {"includeDeclaration": True}},
         lambda result: f"{len(result)} places"),
        ("references to a source id", "textDocument/references",
         {"textDocument": document, "position": {"line": citation_line, "character": source_column}, "context": {"includeDeclaration": True}},
         lambda result: f"{len(result)} places"),
        ("rename of the page's slug, its edit computed", "textDocument/rename",
         {"textDocument": document, "position": {"line": 1, "character": 10}, "newName": page.stem + "-renamed"},
         lambda result: f"{len(result['documentChanges']) - 1} files edited, 1 renamed"),
        ("workspace symbols", "workspace/symbol", {"query": f"{number} rule 3"},
         lambda result: f"{len(result)} symbols"),
        ("quick fixes of the page's diagnostics", "textDocument/codeAction",
         {"textDocument": document, "range": {"start": {"line": 0, "character": 0}, "end": {"line": len(lines), "character": 0}},
          "context": {"diagnostics": found}},
         lambda result: f"{len(result)} fixes"),
        ("code lenses", "textDocument/codeLens", {"textDocument": document}, lambda result: f"{len(result)} lenses"),
        ("document links", "textDocument/documentLink", {"textDocument": document}, lambda result: f"{len(result)} links"),
    ]
    request_times = []
    ident = 100
    for name, method, params, describe in asked if options.requests > 0 else []:
        times = []
        for _ in range(options.requests):
            ident += 1
            result, took = server.request(ident, method, params)
            times.append(took)
        request_times.append((name, statistics.median(times), percentile(times, 0.95), describe(result)))

    server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    while server.next(30).get("id") != 2:
        pass
    server.send({"jsonrpc": "2.0", "method": "exit"})
    status = server.process.wait(timeout=30)

    print(f"pages: {len(pages)}")
    print(f"startup to first diagnostics: {startup * 1000:.0f} ms")
    print(f"edit to diagnostics over {len(latencies)} edits: median {statistics.median(latencies):.1f} ms, p95 {percentile(latencies, 0.95):.1f} ms")
    print(f"server CPU time per edit (every thread): {cpu_per_edit:.1f} ms; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"memory: {memory_early:.0f} MiB after {min(20, total)} edits, {memory_late:.0f} MiB after {total}")
    # Every file's diagnostics, asked for by a client that asks: a server of its own.
    if options.requests > 0:
        pulling = Server([options.binary, "lsp", "--root", str(site), "--today", options.today])
        asks = {"textDocument": {"diagnostic": {}}, "workspace": {"diagnostics": {"refreshSupport": False}}}
        pulling.request(1, "initialize", {"capabilities": asks, "rootUri": site.as_uri()}, timeout=120)
        pulling.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        report, first = pulling.request(2, "workspace/diagnostic", {"previousResultIds": []}, timeout=120)
        previous = [{"uri": item["uri"], "value": item["resultId"]} for item in report["items"]]
        times = []
        for ident in range(3, 3 + options.requests):
            again, took = pulling.request(ident, "workspace/diagnostic", {"previousResultIds": previous}, timeout=120)
            times.append(took)
        unchanged = sum(1 for item in again["items"] if item["kind"] == "unchanged")
        request_times.append(("workspace/diagnostic, the first (the site read, every file's findings)", first, first, f"{len(report['items'])} files with findings, {sum(len(item['items']) for item in report['items'])} findings"))
        request_times.append(("workspace/diagnostic again, nothing changed", statistics.median(times), percentile(times, 0.95), f"{unchanged} unchanged"))
        pulling.request(ident + 1, "shutdown", None)
        pulling.send({"jsonrpc": "2.0", "method": "exit"})
        pulling.process.wait(timeout=30)

    for name, median, p95, what in request_times:
        print(f"{name}: median {median:.1f} ms, p95 {p95:.1f} ms ({what}, over {options.requests} requests)")
    print(f"exit status after shutdown and exit: {status}")
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
