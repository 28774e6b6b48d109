"""``random.Random``'s ``shuffle`` and ``randrange(n)``, draw for draw, without their Python-level calls.

A game's set-up (the order of every stack, the deal of the start-player markers) is fixed by
``random.Random(seed)``, and stored games, golden files and seeded tests depend on it; so are a
search's samples of what a view hides (``views.determinize``, one an iteration), and with them
every seeded bot's moves. The standard library's ``shuffle`` calls the Python-level ``_randbelow``
once per card (three Python calls per draw), which made shuffling most of ``new_game``'s time and
a tenth of a Market search's. The functions here make exactly the standard library's calls to
``getrandbits`` (in 3.11 to 3.13: ``k = n.bit_length()`` bits, drawn again while the result is
``n`` or more; Fisher-Yates from the last position down), so a generator gives the same cards in
the same order and is left in the same state; compiled with mypyc they are plain C loops.
``tests/engine/test_setup.py`` checks them against the standard library.
"""

from __future__ import annotations

import random


def random_below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1``: a uniform whole number in ``[0, n)``."""
    bits = n.bit_length()
    drawn: int = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def shuffle_in_place(items: list[int], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same permutation from the same generator state."""
    for i in range(len(items) - 1, 0, -1):
        j = random_below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
