"""Every word of the browser pages: the HTML's text, the attributes people read (title, aria-label,
placeholder, alt) and the sentences the JavaScript makes, by message id (``page.lobby_title``).

A page's HTML names its words by id (``data-i18n="lobby_title"``, ``data-i18n-aria-label=…``) and the
JavaScript asks ``t("id", {params})`` (``web/js/i18n.js``); both read the catalogue the server sends
for the reader's language (``/api/words?lang=…``), so a page needs no build step per language.
"""

from __future__ import annotations

from petersburg.text.wording import Catalogue

PAGES = Catalogue(
    "page",
    {
        "language": "Language",
    },
)
"""Every word of the pages by message id."""
