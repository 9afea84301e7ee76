"""A built site served by Debian's nginx with the configuration
docs/publishing.md documents, checked over HTTP as browsers ask.

scripts/verify-publishing runs it over a site built with --precompress:
nginx on 127.0.0.1, on a free port, with the documented server block (its
`listen` and `root` alone replaced), in a folder of its own; then, over HTTP,
a page comes back gzip-encoded from its .gz (whose bytes decompress to the
page) and brotli-encoded from its .br, a fingerprinted stylesheet carries the
year-long cache header and a page `no-cache`, and an address with nothing at
it gets the site's 404 page with status 404, and an alias answers with the
page that sends the reader on. nginx is stopped at the end,
however the checks end; every wait is bounded in count and time.

The standard library only: it runs with any python3.
"""

import argparse
import gzip
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

NGINX = "/usr/sbin/nginx"
BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"
IMMUTABLE = "public, max-age=31536000, immutable"


def documented_server_block(docs: Path) -> str:
    """The first ```nginx block of docs/publishing.md."""
    found = re.search(r"^```nginx\n(.*?)^```", docs.read_text(encoding="utf-8"), re.S | re.M)
    if not found:
        sys.exit(f"verify-publishing: no ```nginx block in {docs}")
    return found.group(1)


def configuration(block: str, site: Path, work: Path, port: int) -> str:
    """nginx.conf around the documented block, its listen and root replaced."""
    block, listens = re.subn(r"^(\s*)listen 80;$", rf"\1listen 127.0.0.1:{port};", block, flags=re.M)
    block, roots = re.subn(r"^(\s*)root /srv/duoapps;$", lambda m: f"{m.group(1)}root {site};", block, flags=re.M)
    if listens != 1 or roots != 1:
        sys.exit("verify-publishing: the documented server block should have one 'listen 80;' and one 'root /srv/duoapps;'")
    temp = "\n".join(f"    {name}_temp_path {work}/{name};" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return f"""load_module {BROTLI_MODULE};
daemon off;
worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/error.log;
events {{
    worker_connections 64;
}}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {work}/access.log;
{temp}
{block}}}
"""


def gunzip(body: bytes) -> bytes | None:
    try:
        return gzip.decompress(body)
    except (OSError, EOFError):
        return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class Server:
    """nginx running over the site, started on a free port (tried up to
    five times: another program may take the port first) and stopped by
    `stop`, however the checks end."""

    def __init__(self, block: str, site: Path, work: Path):
        self.process = None
        self.work = work
        for _ in range(5):
            self.port = free_port()
            conf = work / "nginx.conf"
            conf.write_text(configuration(block, site, work, self.port), encoding="utf-8")
            command = [NGINX, "-p", str(work), "-e", str(work / "error.log"), "-c", str(conf)]
            tested = subprocess.run(command + ["-t"], capture_output=True, text=True, timeout=30)
            if tested.returncode != 0:
                sys.exit(f"verify-publishing: nginx refuses the documented configuration:\n{tested.stderr}")
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            # Up to 10 s for it to listen.
            for _ in range(100):
                if self.process.poll() is not None or answers(self.port):
                    break
                time.sleep(0.1)
            if self.process.poll() is None and answers(self.port):
                return
            self.stop()
        sys.exit(f"verify-publishing: nginx did not start; its log:\n{self.log()}")

    def log(self) -> str:
        path = self.work / "error.log"
        return path.read_text(encoding="utf-8", errors="replace")[-2000:] if path.exists() else "(none)"

    def get(self, path: str, encoding: str | None = None):
        """(status, headers, body) of a GET, asking for `encoding`."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request("GET", path, headers={"Accept-Encoding": encoding} if encoding else {})
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, required=True, help="a site built with --precompress")
    parser.add_argument("--docs", type=Path, required=True, help="docs/publishing.md")
    parser.add_argument("--work", type=Path, required=True, help="a folder for nginx's files")
    args = parser.parse_args()
    site, work = args.site.resolve(), args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    # A stop asked for (SIGTERM, SIGHUP) ends the checks through `finally`.
    for stop in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(stop, lambda number, frame: sys.exit(128 + number))

    passed, failed = 0, 0

    def check(what: str, ok: bool, detail: str = "") -> None:
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"  ok    {what}")
        else:
            failed += 1
            print(f"  FAIL  {what}{': ' + detail if detail else ''}")

    server = Server(documented_server_block(args.docs), site, work)
    try:
        print(f"verify-publishing: nginx on 127.0.0.1:{server.port} over {site}, as docs/publishing.md configures it")
        page = "/patterns/symbols-not-labels/"
        html = (site / "patterns/symbols-not-labels/index.html").read_bytes()

        status, headers, body = server.get(page, "gzip")
        check("a page asked for with gzip comes back gzip-encoded, 200",
              status == 200 and headers.get("content-encoding") == "gzip", f"{status} {headers}")
        check("its bytes are the page's .gz as the build wrote it",
              body == (site / "patterns/symbols-not-labels/index.html.gz").read_bytes())
        check("they decompress to the page", gunzip(body) == html)
        check("a page is asked again before it is shown (Cache-Control: no-cache)",
              headers.get("cache-control") == "no-cache", str(headers.get("cache-control")))

        status, headers, body = server.get(page, "br")
        check("a page asked for with br comes back brotli-encoded from its .br",
              status == 200 and headers.get("content-encoding") == "br"
              and body == (site / "patterns/symbols-not-labels/index.html.br").read_bytes(), f"{status} {headers}")

        status, headers, body = server.get(page)
        check("without Accept-Encoding, the page itself", status == 200 and "content-encoding" not in headers and body == html)

        status, headers, body = server.get("/", "gzip, br")
        check("the home page from its .br when both are accepted",
              status == 200 and headers.get("content-encoding") == "br"
              and body == (site / "index.html.br").read_bytes(), f"{status} {headers}")

        stylesheet = re.search(rb'<link rel="stylesheet" href="(/assets/site\.[0-9a-f]{8}\.css)">', html)
        check("the page links the stylesheet under its fingerprinted name", stylesheet is not None)
        if stylesheet:
            address = stylesheet.group(1).decode()
            status, headers, body = server.get(address, "gzip")
            check(f"{address} is served, kept a year (Cache-Control: {IMMUTABLE})",
                  status == 200 and headers.get("cache-control") == IMMUTABLE, f"{status} {headers.get('cache-control')}")
            check("  gzip-encoded from its .gz", headers.get("content-encoding") == "gzip"
                  and gunzip(body) == (site / address.lstrip("/")).read_bytes())
            status, _, _ = server.get("/assets/site.css")
            check("the stylesheet's own name is not published", status == 404, str(status))

        status, headers, body = server.get("/patterns/nothing-here/")
        check("a missing address gets the site's 404 page with status 404",
              status == 404 and body == (site / "404.html").read_bytes(), str(status))
        status, headers, body = server.get("/patterns/symbols-not-words/")
        text = body.decode("utf-8", "replace")
        check("a page's former address (an alias) answers 200 with the page that sends the reader on",
              status == 200 and body == (site / "patterns/symbols-not-words/index.html").read_bytes(), str(status))
        check("  to the page, with no script: a refresh after 0 s, the canonical link, a visible link, noindex",
              '<meta http-equiv="refresh" content="0; url=/patterns/symbols-not-labels/">' in text
              and re.search(r'<link rel="canonical" href="[^"]*/patterns/symbols-not-labels/">', text) is not None
              and '<a href="/patterns/symbols-not-labels/">' in text
              and '<meta name="robots" content="noindex">' in text and "<script" not in text)
        redirects = (site / "_redirects").read_text(encoding="utf-8") if (site / "_redirects").exists() else ""
        check("  and _redirects sends it on with a 301, for hosts that read it",
              re.search(r"^/patterns/symbols-not-words/ /patterns/symbols-not-labels/ 301$", redirects, re.M) is not None, redirects)
    finally:
        server.stop()
    print("verify-publishing: nginx stopped")
    print(f"verify-publishing: {passed} passed, {failed} failed")
    if failed:
        print(f"nginx's log:\n{server.log()}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
