#!/usr/bin/env python3
"""Measures duosite serve on a generated corpus: startup against a full build,
the time from a page file's save to the live-reload event reaching a client,
memory over many edits, and whether a served page is what build writes.

Run by scripts/bench-serve, which builds duosite and generates the corpus.
Everything talks to 127.0.0.1 only; every wait is bounded.
"""
import argparse, os, re, socket, statistics, subprocess, sys, time

from measures import percentile, rss_mib


def median(values):
    return statistics.median(values)


class Events:
    """The live-reload stream, read by hand."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.sendall(f"GET /_duosite/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        self.buffer = b""

    def next(self, timeout):
        deadline = time.monotonic() + timeout
        while True:
            text = self.buffer.replace(b"\r\n", b"\n")
            match = re.search(rb"id: (\d+)\ndata: ([^\n]*)\n\n", text)
            if match:
                self.buffer = text[match.end():]
                return int(match.group(1)), match.group(2).decode()
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return None
            if not chunk:
                return None
            self.buffer += chunk


def get(port, path):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while True:
            chunk = sock.recv(1 << 20)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return body


def start_serve(binary, site, today):
    started = time.monotonic()
    process = subprocess.Popen([binary, "serve", "--root", site, "--port", "0", "--today", today],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = started + 300
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            raise SystemExit("serve ended before it served")
        match = re.match(r"Serving http://127\.0\.0\.1:(\d+)/", line)
        if match:
            return process, int(match.group(1)), time.monotonic() - started
    raise SystemExit("serve did not start within 300 s")


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--site", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--today", default="2026-11-29")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--memory-edits", type=int, default=200)
    args = parser.parse_args()

    pages = sorted(p for p in os.listdir(os.path.join(args.site, "Content/patterns")) if p.startswith("page-"))
    page = pages[len(pages) // 2]
    page_path = os.path.join(args.site, "Content/patterns", page)
    slug = page[:-3]
    original = open(page_path, encoding="utf-8").read()

    # Startup against a full build, alternated.
    builds, startups = [], []
    for run in range(args.runs + 1):
        out = os.path.join(args.work, f"out-{run}")
        started = time.monotonic()
        subprocess.run([args.binary, "build", "--root", args.site, "--output", out, "--today", args.today, "--quiet"], check=True)
        took = time.monotonic() - started
        subprocess.run(["rm", "-rf", out, os.path.join(args.work, f".out-{run}.duosite-cache"), os.path.join(args.work, f".out-{run}.spare")])
        process, port, startup = start_serve(args.binary, args.site, args.today)
        stop(process)
        if run > 0:  # the first of each is a warm-up
            builds.append(took)
            startups.append(startup)

    # Save to event, over edits of the middle page.
    process, port, _ = start_serve(args.binary, args.site, args.today)
    events = Events(port)
    events.next(5)
    latencies, missing = [], 0
    rss_after = {}
    total = max(args.edits, args.memory_edits)
    for edit in range(1, total + 1):
        text = original.replace("## The rules", f"Edit {edit} of the bench.\n\n## The rules", 1)
        with open(page_path, "w", encoding="utf-8") as handle:
            handle.write(text)
        saved = time.monotonic()
        event = events.next(10)
        arrived = time.monotonic()
        if event is None:
            missing += 1
        elif edit <= args.edits:
            latencies.append(arrived - saved)
        if edit in (20, total):
            rss_after[edit] = rss_mib(process.pid)
        time.sleep(0.02)
    served = get(port, f"/patterns/{slug}/")
    stop(process)

    # The served page against what build writes for the same text.
    out = os.path.join(args.work, "out-check")
    subprocess.run([args.binary, "build", "--root", args.site, "--output", out, "--today", args.today, "--quiet"], check=True)
    built = open(os.path.join(out, "patterns", slug, "index.html"), "rb").read()
    served = re.sub(rb"<script>\(\(\)=>\{let seen=\d+;.*?</script>", b"", served, count=1, flags=re.S)
    identical = served == built
    with open(page_path, "w", encoding="utf-8") as handle:
        handle.write(original)

    ms = lambda seconds: f"{seconds * 1000:.0f} ms"
    print(f"pages            {len(pages)} generated (+ the site's own)")
    print(f"full build       {median(builds):.2f} s median of {len(builds)} (range {min(builds):.2f}–{max(builds):.2f})")
    print(f"serve startup    {median(startups):.2f} s median of {len(startups)} (range {min(startups):.2f}–{max(startups):.2f}): "
          f"{median(startups) / median(builds):.2f} of a full build")
    print(f"save → event     median {ms(median(latencies))}, 95th percentile {ms(percentile(latencies, 0.95))}, "
          f"range {ms(min(latencies))}–{ms(max(latencies))}, over {len(latencies)} edits of {page}; {missing} without an event")
    print(f"memory (RSS)     {rss_after.get(20, 0):.0f} MiB after 20 edits, {rss_after.get(total, 0):.0f} MiB after {total}: "
          f"{rss_after.get(total, 0) / max(rss_after.get(20, 1), 1):.3f} of it")
    print(f"served page      {'byte-identical' if identical else 'DIFFERENT'} to what build writes for it (without the reload script)")
    targets = [
        ("save → event median at most 80 ms", median(latencies) <= 0.080),
        ("save → event 95th percentile at most 150 ms", percentile(latencies, 0.95) <= 0.150),
        ("startup no slower than a full build", median(startups) <= median(builds)),
        ("memory at most 500 MiB", rss_after.get(total, 0) <= 500),
        ("memory flat: at most 10 % above its level after 20 edits", rss_after.get(total, 0) <= 1.10 * rss_after.get(20, 0)),
        ("served page byte-identical to build's", identical),
        ("an event after every edit", missing == 0),
    ]
    for name, met in targets:
        print(f"  [{'met' if met else 'not met'}]  {name}")


if __name__ == "__main__":
    main()
