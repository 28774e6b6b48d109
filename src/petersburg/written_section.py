"""A part of a docs page that a program writes from measured data, between two marker lines.

A table of measurements copied into a page by hand drifts from the data the first time either
changes. A page instead keeps the table between a begin and an end marker line; a module makes the
section from the data and either rewrites it or, for the test suite, reports that it differs. The
ladder of ``docs/bots.md`` and the benchmark table of ``docs/benchmark.md`` are written this way.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class WrittenSection:
    """The markers of one written section and the command that writes it."""

    begin: str
    end: str
    command: str
    """What a person runs to rewrite the section (quoted in the message when it differs)."""

    def parser(self, description: str, docs: Path) -> argparse.ArgumentParser:
        """The writing module's command line: ``--check`` and ``--docs`` (add the module's own)."""
        parser = argparse.ArgumentParser(
            description=description, formatter_class=argparse.RawDescriptionHelpFormatter
        )
        parser.add_argument("--check", action="store_true", help="exit 1 if the page differs from the data")
        parser.add_argument("--docs", default=str(docs), help="the docs page (%(default)s)")
        return parser

    def replaced(self, text: str, section: str) -> str:
        """``text`` with everything from the begin marker to the end marker replaced by ``section``
        (which carries the markers itself)."""
        start = text.find(self.begin)
        end = text.find(self.end)
        if start < 0 or end < start:
            raise ValueError(f"the page has no section between {self.begin!r} and {self.end!r}")
        return text[:start] + section + text[end + len(self.end) :]

    def write_or_check(self, path: Path, section: str, check: bool) -> int:
        """Rewrite ``path``'s section (exit status 0), or with ``check`` only compare: 1 and a
        message when the page differs from what the data makes."""
        text = path.read_text(encoding="utf-8")
        wanted = self.replaced(text, section)
        if check:
            if wanted != text:
                print(f"{path}: the section differs from the measured data; run {self.command}")
                return 1
            return 0
        path.write_text(wanted, encoding="utf-8")
        return 0
