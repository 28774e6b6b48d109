"""The browser's protocol types: ``protocol.d.ts`` is what the generator writes from the schema,
and the generator says in TypeScript what each schema says (the pages' type check relies on it)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from petersburg.server.protocol.schema import protocol_schema
from petersburg.server.protocol.typescript import DECLARATIONS, protocol_declarations, type_expression


def test_the_browsers_protocol_types_are_generated_from_the_schema() -> None:
    stored = DECLARATIONS.read_text(encoding="utf-8")
    assert stored == protocol_declarations(), "run: python -m petersburg.server.protocol.typescript"


def test_every_type_of_the_schema_is_declared_once() -> None:
    declared = re.findall(r"^export (?:interface|type) (\w+)", protocol_declarations(), flags=re.MULTILINE)
    schema: Any = protocol_schema()
    assert len(declared) == len(set(declared))
    assert set(schema["$defs"]) <= set(declared)
    assert {"Json", "LobbyRequest", "TableRequest", "ServerMessage", "Http"} <= set(declared)


def test_each_socket_union_holds_every_type_the_schema_maps() -> None:
    schema: Any = protocol_schema()
    text = protocol_declarations()
    unions = {
        "LobbyRequest": schema["requests"]["lobby"],
        "TableRequest": schema["requests"]["table"],
        "ServerMessage": schema["messages"],
    }
    for name, union in unions.items():
        line = re.search(rf"^export type {name} = (.*);$", text, flags=re.MULTILINE)
        assert line is not None
        members = set(line.group(1).split(" | "))
        assert members == {ref.rsplit("/", 1)[-1] for ref in union["discriminator"]["mapping"].values()}


def test_required_fields_are_required_and_the_others_optional() -> None:
    text = protocol_declarations()
    update = text[text.index("export interface UpdateMessage {") :]
    update = update[: update.index("\n}")]
    assert '\n  type: "update";' in update
    assert "\n  seq: number;" in update
    assert "\n  you: YouInfo | null;" in update
    assert "\n  view?: ViewJson;" in update
    assert "\n  legal?: LegalAction[];" in update


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"$ref": "#/$defs/ViewJson"}, "ViewJson"),
        ({"const": "act", "type": "string"}, '"act"'),
        ({"enum": ["open", "playing", "over"], "type": "string"}, '"open" | "playing" | "over"'),
        ({"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}, "number | null"),
        ({"type": "array", "items": {"type": "string"}}, "string[]"),
        (
            {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
            "Array<string | null>",
        ),
        ({"type": "object", "additionalProperties": {"type": "integer"}}, "{ [key: string]: number }"),
        ({"type": "object"}, "{ [key: string]: Json }"),
        ({"type": ["string", "null"]}, "string | null"),
        ({"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]}, "[number, string]"),
        (
            {"type": "object", "properties": {"a": {"type": "boolean"}, "b-c": {}}, "required": ["a"]},
            '{ a: boolean; "b-c"?: Json; }',
        ),
        ({"type": "object", "additionalProperties": False}, "Record<string, never>"),
        (
            {"allOf": [{"$ref": "#/$defs/A"}, {"anyOf": [{"$ref": "#/$defs/B"}, {"type": "null"}]}]},
            "A & (B | null)",
        ),
        ({}, "Json"),
    ],
)
def test_a_schema_in_typescript(schema: dict[str, object], expected: str) -> None:
    assert type_expression(schema) == expected
