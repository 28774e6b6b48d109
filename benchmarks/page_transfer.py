"""What the table page costs to load: bytes on the wire with a cold cache, and on a second visit.

Starts ``petersburg serve`` (this checkout's package, or the one in ``--source``'s ``src`` folder, an
older checkout to compare with), starts a 4-seat game against bots through the API (as the lobby's
"Play now" does; an older checkout without it gets an open 4-seat table), and opens its page in
Debian's headless Chromium with the DevTools protocol listening (``tests/e2e/transfer.py``): the
cold-cache figure is the sum
of ``encodedDataLength`` (bytes received, headers included, after compression) of every response
the page loads until the board is drawn; then the page is opened again in the same browser context
(a second visit) and every static file that came from the network rather than the cache is listed.

Usage: ``PYTHONPATH=src:. python benchmarks/page_transfer.py [--source /path/to/older/checkout/src]``.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import urllib.request

from petersburg.server.local import LocalServer
from tests.e2e.transfer import visit

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
READY = "#board:not([hidden]), #seats-panel:not([hidden])"


def new_table(base: str) -> int:
    """A running 4-seat game against bots made through the API, as "Play now" makes it."""
    body = json.dumps({"name": "Measure", "seats": 4, "fill": "random", "start": True}).encode()
    request = urllib.request.Request(
        base + "/api/tables", data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return int(json.load(response)["id"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", help="the src folder of another checkout to measure instead")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data, LocalServer(data, source=args.source) as server:
        url = f"{server.base_url}/table/{new_table(server.base_url)}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context()
            context.add_init_script("localStorage.setItem('pb_name', 'Measure');")
            cold = visit(context, url, READY)
            warm = visit(context, url, READY)
            browser.close()
    total = sum(size for _, size, _ in cold)
    static = [entry for entry in cold if "/static/" in entry[0]]
    print(f"cold cache: {total / 1000:.1f} kB in {len(cold)} responses ({len(static)} static files)")
    fetched = [
        address for address, size, from_cache in warm if "/static/" in address and size > 0 and not from_cache
    ]
    warm_total = sum(size for _, size, _ in warm) / 1000
    print(f"second visit: {warm_total:.1f} kB; static files from the network: {len(fetched)}")
    for address in fetched:
        print("  ", address)


if __name__ == "__main__":
    main()
