"""Every sentence the server words comes from a catalogue of ``petersburg.text``, and the catalogues
and their call sites agree.

The call sites are read from the source (an AST scan of ``src/``): each call of the names
``Refusal``, ``refusal``, ``notice`` and ``chat_text`` (and a ``Refusal`` subclass's
``super().__init__(...)``) must name its message id as a literal and pass exactly the parameters
the sentence's placeholders ask for, every id must be in its catalogue, and every catalogue entry
must be used somewhere. A sentence nobody can reach, or a call that would fail at run time, is
found here rather than by a player.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from petersburg.server.errors import Refusal
from petersburg.server.game.seating import level_ids
from petersburg.text.advice import ADVICE
from petersburg.text.alerts import ALERTS
from petersburg.text.analysis import ANALYSIS
from petersburg.text.chat import CHAT, help_text
from petersburg.text.notices import NOTICES, notice
from petersburg.text.refusals import REFUSALS, refusal
from petersburg.text.terminal import TERMINAL
from petersburg.text.wording import Catalogue, Plural, placeholders

SOURCE = Path(__file__).resolve().parents[2] / "src" / "petersburg"

CALLS: dict[str, Catalogue] = {
    "Refusal": REFUSALS,
    "refusal": REFUSALS,
    "notice": NOTICES,
    "chat_text": CHAT,
    "alert_text": ALERTS,
    "advice": ADVICE,
    "analysis_text": ANALYSIS,
    "terminal_text": TERMINAL,
}
"""The names whose calls word a sentence, and the catalogue each reads from."""
NOT_PARAMETERS = frozenset({"status"})
"""Keywords of ``Refusal`` that are not parameters of its sentence."""


@dataclass(frozen=True)
class CallSite:
    where: str
    catalogue: Catalogue
    message_id: str | None
    """None where the id is not a literal (which is refused)."""
    params: frozenset[str] | None
    """None where the parameters are passed as ``**mapping`` (which is refused)."""


def _name(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _is_super_init(call: ast.Call) -> bool:
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "__init__"
        and isinstance(func.value, ast.Call)
        and _name(func.value) == "super"
    )


def _refusal_classes(tree: ast.AST) -> Iterator[ast.ClassDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(_base_name(base) == "Refusal" for base in node.bases):
            yield node


def _base_name(base: ast.expr) -> str | None:
    if isinstance(base, ast.Name):
        return base.id
    return base.attr if isinstance(base, ast.Attribute) else None


def _engine_reason(call: ast.Call) -> bool:
    """``Refusal(rule_refusal(reason, ...))``: the engine's reason, checked by ``test_rule_refusals``."""
    first = call.args[0] if call.args else None
    return isinstance(first, ast.Call) and _name(first) == "rule_refusal"


def _site(path: Path, call: ast.Call, catalogue: Catalogue) -> CallSite:
    where = f"{path.relative_to(SOURCE.parent)}:{call.lineno}"
    first = call.args[0] if call.args else None
    message_id = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
    if any(keyword.arg is None for keyword in call.keywords) or len(call.args) != 1:
        return CallSite(where, catalogue, message_id, None)
    params = frozenset(k.arg for k in call.keywords if k.arg is not None) - NOT_PARAMETERS
    return CallSite(where, catalogue, message_id, params)


def call_sites() -> list[CallSite]:
    """Every call in ``src/petersburg`` that words a sentence of a catalogue."""
    sites: list[CallSite] = []
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in CALLS
                and not _engine_reason(node)
            ):
                sites.append(_site(path, node, CALLS[node.func.id]))
        for refusal_class in _refusal_classes(tree):
            for node in ast.walk(refusal_class):
                if isinstance(node, ast.Call) and _is_super_init(node):
                    sites.append(_site(path, node, REFUSALS))
    return sites


SITES = call_sites()


def test_the_scan_finds_the_call_sites() -> None:
    kinds = {site.catalogue.name for site in SITES}
    assert kinds == {"refusal", "notice", "chat", "alert", "advice", "analysis", "terminal"}
    assert len(SITES) > 100


def test_every_call_site_names_its_id_and_parameters_literally() -> None:
    unreadable = [site.where for site in SITES if site.message_id is None or site.params is None]
    assert unreadable == [], "give the message id as a literal and each parameter by name"


def test_every_id_used_is_in_its_catalogue() -> None:
    unknown = [
        f"{site.where}: {site.message_id}"
        for site in SITES
        if site.message_id is not None and site.message_id not in site.catalogue.entries
    ]
    assert unknown == []


def test_every_call_site_passes_exactly_the_placeholders() -> None:
    wrong = [
        f"{site.where}: {site.message_id} gets {sorted(site.params)}, "
        f"wants {sorted(site.catalogue.placeholders(site.message_id))}"
        for site in SITES
        if site.message_id in site.catalogue.entries
        and site.params is not None
        and site.params != site.catalogue.placeholders(site.message_id)
    ]
    assert wrong == []


@pytest.mark.parametrize(
    "catalogue", [REFUSALS, NOTICES, CHAT, ALERTS, ADVICE, TERMINAL], ids=lambda c: c.name
)
def test_every_entry_is_used(catalogue: Catalogue) -> None:
    used = {site.message_id for site in SITES if site.catalogue is catalogue}
    assert sorted(set(catalogue.entries) - used) == []


@pytest.mark.parametrize("catalogue", [REFUSALS, NOTICES, CHAT, ALERTS, ADVICE], ids=lambda c: c.name)
def test_every_entry_is_a_sentence_with_named_placeholders(catalogue: Catalogue) -> None:
    for message_id, entry in catalogue.entries.items():
        assert all(name.isidentifier() for name in placeholders(entry)), message_id
        for form in entry if isinstance(entry, Plural) else (entry,):
            assert form.strip() == form and form, message_id
            if message_id != "engine_refusal":  # the engine's own sentence, passed on whole
                assert form[0].isupper() or form[0] in "/'{", message_id


def test_an_unknown_id_or_wrong_parameters_fail_loudly() -> None:
    with pytest.raises(KeyError, match="no refusal with the message id 'seat_takn'"):
        refusal("seat_takn", seat=2)
    with pytest.raises(TypeError, match=r"takes the parameters \['seat'\], not \[\]"):
        Refusal("seat_taken")
    with pytest.raises(TypeError, match="not"):
        notice("sits_down", name="Anna", seat=2, level="expert")
    with pytest.raises(ValueError, match="count"):
        Catalogue("test", {"bad": Plural("{n} day", "{n} days")})


def test_a_refusal_keeps_its_id_parameters_and_status() -> None:
    refused = Refusal("seat_taken", status=409, seat=2)
    assert str(refused) == "Seat 2 is taken."
    assert (refused.message.message_id, dict(refused.message.params), refused.status) == (
        "seat_taken",
        {"seat": 2},
        409,
    )
    assert refused.message.catalogue == "refusal"


def test_a_plural_is_chosen_by_its_count() -> None:
    assert str(notice("idle_hours", count=1, level="Easy")) == (
        "Nobody has been at this table for 1 hour: Easy bots finish the game."
    )
    assert str(notice("idle_hours", count=3, level="Easy")) == (
        "Nobody has been at this table for 3 hours: Easy bots finish the game."
    )
    assert str(notice("idle_seconds", count=1.5, level="Easy")).startswith(
        "Nobody has been at this table for 1.5 seconds"
    )
    assert str(Refusal("too_many_tables", count=1)).startswith("You already have 1 table that is open")


def test_the_chat_help_names_the_levels_it_is_given() -> None:
    text = str(help_text(["random", "expert"]))
    assert "levels, weakest first: random, expert)" in text
    assert "levels, weakest first: " + ", ".join(level_ids()) + ")" in str(help_text(level_ids()))
