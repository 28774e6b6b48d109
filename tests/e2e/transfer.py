"""What a page costs on the wire, as Chromium's DevTools protocol reports it: for each response
its address, the bytes received (``encodedDataLength``: headers included, after compression) and
whether it came from the browser's cache. Used by ``test_board_game.py`` and
``benchmarks/page_transfer.py``."""

from __future__ import annotations

from typing import Any


def visit(context: Any, url: str, ready: str) -> list[tuple[str, int, bool]]:
    """Open ``url`` in a new page of ``context`` and wait for the selector ``ready`` and a quiet
    network; (address, bytes received, from cache) of every response."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    cached: dict[str, bool] = {}
    sizes: dict[str, int] = {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on(
        "Network.responseReceived",
        lambda e: cached.__setitem__(e["requestId"], bool(e["response"].get("fromDiskCache"))),
    )
    cdp.on("Network.requestServedFromCache", lambda e: cached.__setitem__(e["requestId"], True))
    cdp.on(
        "Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], int(e["encodedDataLength"]))
    )
    page.goto(url)
    page.wait_for_selector(ready, timeout=15_000)
    page.wait_for_load_state("networkidle")
    page.close()
    return [(urls.get(request, "?"), size, cached.get(request, False)) for request, size in sizes.items()]


def static_from_network(responses: list[tuple[str, int, bool]]) -> list[str]:
    """The static files among ``responses`` that came over the network, not from the cache."""
    return [
        address
        for address, size, from_cache in responses
        if "/static/" in address and size and not from_cache
    ]
