#!/usr/bin/env python3
"""`dlx serve` side by side: several dlx binaries (say the one before a change and the one
after), each measured in the same run on the same page.

    python3 crates/dlx-bench/serve.py [--dir DIR] [--seconds S] NAME=DLX [NAME=DLX[:embedded]]...

For each binary: `dlx serve --port 0 --dir DIR` (or, with `:embedded`, the page compiled into
the binary), then

- requests/s for the page: `wrk -t2 -c50 -dSs http://127.0.0.1:PORT/` (wrk must be installed),
  then the same with `Connection: close` (a server that keeps connections alive, against one
  that closes each);
- the latency of a request (the median of 21, each on a new connection 50 ms after the last)
  while 300 other connections hold half-sent request heads;
- how long the server keeps those 300 connections open;
- the status answered to a 100 kB request head.

Prints one markdown table on stdout, a column per binary.
"""

import argparse
import re
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

SLOW = 300
LATENCY_RUNS = 21


def start(dlx, page):
    """A running `dlx serve` on a free port and its port."""
    args = [dlx, "serve", "--port", "0"] + (["--dir", page] if page else [])
    server = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        server.kill()
        sys.exit(f"serve.py: no address in {line!r} from {dlx}")
    return server, int(match.group(1))


def read_response(sock):
    """The status code of one response on `sock`, its body read up to Content-Length."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before a whole response head")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1])


def get(port, target="/"):
    """One GET on a new connection: its status."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
        return read_response(sock)


def requests_per_second(port, seconds, close=False):
    """wrk's requests/s for the page; with `close`, every request on a new connection."""
    header = ["-H", "Connection: close"] if close else []
    out = subprocess.run(
        ["wrk", "-t2", "-c50", f"-d{seconds}s"] + header + [f"http://127.0.0.1:{port}/"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)|Socket errors: .*", out)
    rate = float(re.search(r"Requests/sec:\s*([\d.]+)", out).group(1))
    return f"{rate:,.0f}" + (" (with errors)" if errors else "")


def latency_with_slow_heads(port):
    """The median latency of a whole GET while SLOW connections hold half-sent heads, and how
    long the server keeps those connections open."""
    slow = []
    for _ in range(SLOW):
        sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: loc")
        slow.append(sock)
    opened = time.monotonic()
    time.sleep(0.2)
    times = []
    for _ in range(LATENCY_RUNS):
        # Each request comes to a server that had nothing else to do, as a browser's does.
        time.sleep(0.05)
        started = time.perf_counter()
        status = get(port)
        times.append((time.perf_counter() - started) * 1000)
        if status != 200:
            return f"status {status}", "-"
    latency = f"{statistics.median(times):.1f} ms"
    closed_after = []
    for sock in slow:
        try:
            while sock.recv(65536):
                pass
            closed_after.append(time.monotonic() - opened)
        except (socket.timeout, OSError):
            pass
        sock.close()
    if len(closed_after) < SLOW:
        held = f"{SLOW - len(closed_after)} still open after 60 s"
    else:
        held = f"all closed after {max(closed_after):.1f} s"
    return latency, held


def long_head(port):
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        try:
            sock.sendall(b"GET / HTTP/1.1\r\nX-Long: " + b"a" * 100_000 + b"\r\n\r\n")
        except OSError:
            pass
        try:
            return str(read_response(sock))
        except OSError as error:
            return f"no answer ({error})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", default="web/page", help="the page folder (default: web/page)")
    parser.add_argument("--seconds", type=int, default=5, help="wrk's duration (default: 5)")
    parser.add_argument("servers", nargs="+", metavar="NAME=DLX[:embedded]")
    args = parser.parse_args()
    if not Path(args.dir, "index.html").is_file():
        sys.exit(f"serve.py: no page in {args.dir} (build it with web/build.sh)")
    rows = {
        "requests/s for the page (wrk -t2 -c50)": [],
        "the same, a new connection per request (Connection: close)": [],
        f"one request while {SLOW} connections hold half-sent heads": [],
        f"the {SLOW} half-sent heads": [],
        "a 100 kB request head": [],
    }
    names = []
    for spec in args.servers:
        name, _, dlx = spec.partition("=")
        embedded = dlx.endswith(":embedded")
        dlx = dlx.removesuffix(":embedded")
        names.append(name + (" (embedded page)" if embedded else ""))
        server, port = start(dlx, None if embedded else args.dir)
        try:
            if get(port) != 200 or get(port, "/pkg/dlx_wasm_bg.wasm") != 200:
                sys.exit(f"serve.py: {dlx} does not serve the page")
            values = [
                requests_per_second(port, args.seconds),
                requests_per_second(port, args.seconds, close=True),
            ]
            values += latency_with_slow_heads(port)
            values.append(long_head(port))
        finally:
            server.kill()
            server.wait()
        for row, value in zip(rows.values(), values):
            row.append(value)
    print("| measure | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for measure, values in rows.items():
        print(f"| {measure} | " + " | ".join(values) + " |")


if __name__ == "__main__":
    main()
