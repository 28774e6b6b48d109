"""The engine's JSON types as the protocol uses them: one declaration, in the engine.

The engine declares the JSON it writes (views, options, results, events) once, with the standard
library's ``typing.TypedDict`` (``petersburg.engine.json_types``), and the protocol's messages hold
those types: the server passes what the engine returns on to a client with nothing to convert or
cast. Type checkers see the engine's types themselves.

pydantic builds the protocol's JSON Schema from the messages' types, but on Python 3.11 it reads
only ``typing_extensions`` TypedDicts. So, at import, each engine type is rebuilt once for pydantic
(``for_pydantic``): the same fields in the same order, the same required keys, each field's
docstring (its bases' included) as its description, and the ``ENGINE_JSON`` configuration (open to
fields a later engine adds). The engine stays standard-library only.
"""

from __future__ import annotations

import ast
import inspect
import types
from functools import cache
from typing import TYPE_CHECKING, Annotated, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import typing_extensions
from pydantic import Field, with_config

from petersburg.engine import json_types
from petersburg.server.protocol.fields import ENGINE_JSON

__all__ = ["EventJson", "OptionsJson", "ResultJson", "ScoreJson", "SeatJson", "ViewJson", "for_pydantic"]


@cache
def _field_docs() -> dict[str, dict[str, str]]:
    """The attribute docstrings of every class of ``json_types`` by class name, each with those of
    its bases (a TypedDict forgets its bases at run time, so they are read from the source)."""
    tree = ast.parse(inspect.getsource(json_types))
    own: dict[str, dict[str, str]] = {}
    bases: dict[str, list[str]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        bases[node.name] = [base.id for base in node.bases if isinstance(base, ast.Name)]
        docs = own[node.name] = {}
        for field, after in zip(node.body, node.body[1:], strict=False):
            if (
                isinstance(field, ast.AnnAssign)
                and isinstance(field.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[field.target.id] = inspect.cleandoc(after.value.value)

    def gathered(name: str) -> dict[str, str]:
        docs: dict[str, str] = {}
        for base in bases.get(name, []):
            docs.update(gathered(base))
        docs.update(own.get(name, {}))
        return docs

    return {name: gathered(name) for name in own}


def _rebuilt(hint: object) -> object:
    """``hint`` with every engine TypedDict in it replaced by its rebuilt form."""
    if isinstance(hint, type) and typing_extensions.is_typeddict(hint):
        return for_pydantic(hint)
    origin = get_origin(hint)
    args = get_args(hint)
    if origin is None or origin is Literal or not args:
        return hint
    rebuilt = tuple(_rebuilt(arg) for arg in args)
    if origin in (Union, types.UnionType):
        return Union[rebuilt]  # noqa: UP007 (a union built from a tuple of members)
    return origin[rebuilt]  # list[...] and dict[...] of the rebuilt arguments


@cache
def for_pydantic(engine_type: type) -> type:
    """The engine TypedDict ``engine_type`` as a ``typing_extensions`` TypedDict of the same fields
    and docs, built once (every message that holds it shares one definition in the schema)."""
    docs = _field_docs().get(engine_type.__name__, {})
    required: frozenset[str] = getattr(engine_type, "__required_keys__", frozenset())
    annotations: dict[str, object] = {}
    for name, hint in get_type_hints(engine_type, include_extras=True).items():
        plain = get_args(hint)[0] if get_origin(hint) is NotRequired else hint
        field = _rebuilt(plain)
        if name in docs:
            field = Annotated[field, Field(description=docs[name])]
        annotations[name] = field if name in required else NotRequired[field]
    namespace = {
        "__annotations__": annotations,
        "__doc__": engine_type.__doc__,
        "__module__": __name__,
        "__qualname__": engine_type.__name__,
    }
    rebuilt = types.new_class(
        engine_type.__name__, (typing_extensions.TypedDict,), exec_body=lambda body: body.update(namespace)
    )
    return with_config(ENGINE_JSON)(rebuilt)


if TYPE_CHECKING:
    from petersburg.engine.json_types import EventJson, OptionsJson, ResultJson, ScoreJson, SeatJson, ViewJson
else:
    OptionsJson = for_pydantic(json_types.OptionsJson)
    ResultJson = for_pydantic(json_types.ResultJson)
    ScoreJson = for_pydantic(json_types.ScoreJson)
    SeatJson = for_pydantic(json_types.SeatJson)
    ViewJson = for_pydantic(json_types.ViewJson)
    EventJson = Annotated[
        Union[tuple(for_pydantic(member) for member in get_args(json_types.EventJson))],  # noqa: UP007
        Field(discriminator="type"),
    ]
