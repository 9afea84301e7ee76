#!/usr/bin/env python3
"""Measures duosite lsp on a generated corpus, as an editor uses it: the time
from starting the server to the first diagnostics of an open page, then, over
a series of edits of that page (each making a new finding, so that each is
answered), the time from the edit sent to its diagnostics received (median
and 95th percentile) and the server's CPU time per edit (which other work on
the machine does not lengthen), and the server's memory after the first
edits and after all of them.

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


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--site", required=True)
    parser.add_argument("--today", default="2026-11-29")
    parser.add_argument("--edits", type=int, default=50)
    parser.add_argument("--memory-edits", type=int, default=500)
    options = parser.parse_args()

    site = pathlib.Path(options.site).resolve()
    pages = sorted((site / "Content/patterns").glob("*.md"))
    page = pages[len(pages) // 2]
    uri = page.as_uri()
    text = page.read_text()

    started = time.monotonic()
    server = Server([options.binary, "lsp", "--root", str(site), "--today", options.today])
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": site.as_uri()}})
    while server.next(60).get("id") != 1:
        pass
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
    server.diagnostics(uri, 1, timeout=120)
    startup = time.monotonic() - started

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
    print(f"exit status after shutdown and exit: {status}")
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
