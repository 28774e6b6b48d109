"""What the table page costs to load: bytes on the wire with a cold cache, and on a second visit.

Starts ``petersburg serve`` (this checkout's package, or the one in ``--source``'s ``src`` folder, an
older checkout to compare with), creates a 4-seat table through the API, and opens its page in
Debian's headless Chromium with the DevTools protocol listening: the cold-cache figure is the sum
of ``encodedDataLength`` (bytes received, headers included, after compression) of every response
the page loads until the board is drawn; then the page is opened again in the same browser context
(a second visit) and every static file that came from the network rather than the cache is listed.

Usage: ``python benchmarks/page_transfer.py [--source /path/to/older/checkout/src]``.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import urllib.request
from typing import Any

from petersburg.server.local import LocalServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def new_table(base: str) -> int:
    """A 4-seat table made through the API (the page shows its seats)."""
    body = json.dumps({"name": "Measure", "num_players": 4}).encode()
    request = urllib.request.Request(
        base + "/api/tables", data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return int(json.load(response)["id"])


def visit(context: Any, url: str) -> list[tuple[str, int, bool]]:
    """Open ``url`` in a new page of ``context``: (address, bytes received, from cache) per response."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    cached: dict[str, bool] = {}
    sizes: dict[str, int] = {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on(
        "Network.responseReceived",
        lambda e: cached.__setitem__(
            e["requestId"], bool(e["response"].get("fromDiskCache") or e["response"].get("fromPrefetchCache"))
        ),
    )
    cdp.on("Network.requestServedFromCache", lambda e: cached.__setitem__(e["requestId"], True))
    cdp.on(
        "Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], int(e["encodedDataLength"]))
    )
    page.goto(url)
    page.wait_for_selector("#seats-panel:not([hidden]), #name-panel:not([hidden])", timeout=15_000)
    page.wait_for_load_state("networkidle")
    page.close()
    return [(urls.get(r, "?"), size, cached.get(r, False)) for r, size in sizes.items()]


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
            cold = visit(context, url)
            warm = visit(context, url)
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
