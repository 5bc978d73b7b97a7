"""JSON Schema of view types (bohnen.core.schema), checked with the jsonschema library."""

from __future__ import annotations

import enum
from typing import Literal, NewType, NotRequired, TypedDict

import jsonschema
import pytest

from bohnen.core.schema import DIALECT, json_schema, views_schema

Bean = NewType("Bean", int)


class Phase(enum.IntEnum):
    PLANT = 0
    TRADE = 1


class Field(TypedDict):
    """One field of a seat."""

    bean: str | None
    count: int


class Seat(TypedDict):
    seat: int
    fields: list[Field]
    hand: list[str] | None
    note: NotRequired[str]


class View(TypedDict):
    """A made-up view."""

    game: Literal["demo"]
    phase: Literal["plant", "trade"]
    phase_number: Phase
    players: list[Seat]
    supply: dict[str, int]
    front: Bean
    share: float
    over: bool
    scores: tuple[int, ...]


GOOD = {"game": "demo", "phase": "plant", "phase_number": 1, "players": [
    {"seat": 0, "fields": [{"bean": None, "count": 0}], "hand": ["BL"]},
    {"seat": 1, "fields": [], "hand": None, "note": "x"}],
    "supply": {"BL": 3}, "front": 2, "share": 0.5, "over": False, "scores": [1, 2]}


def test_a_view_that_fits_its_type_is_valid() -> None:
    schema = json_schema(View)
    assert schema["$schema"] == DIALECT and schema["title"] == "View"
    assert schema["description"] == "A made-up view."
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(GOOD, schema)


@pytest.mark.parametrize("bad", [
    {**GOOD, "game": "other"},
    {**GOOD, "phase_number": 7},
    {**GOOD, "extra": 1},
    {k: v for k, v in GOOD.items() if k != "supply"},
    {**GOOD, "supply": {"BL": "3"}},
    {**GOOD, "players": [{"seat": 0, "fields": [{"bean": 1, "count": 0}], "hand": None}]},
    {**GOOD, "over": 1},
    {**GOOD, "share": "half"},
])
def test_a_view_that_does_not_fit_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, json_schema(View))


def test_nested_types_are_defined_once() -> None:
    schema = json_schema(View)
    assert set(schema["$defs"]) == {"Field", "Seat"}
    assert schema["$defs"]["Seat"]["required"] == ["fields", "hand", "seat"]
    assert schema["$defs"]["Field"]["description"] == "One field of a seat."


def test_an_unknown_type_is_named() -> None:
    class Odd(TypedDict):
        when: complex

    with pytest.raises(TypeError, match="complex"):
        json_schema(Odd)


class Audience(TypedDict):
    """A made-up spectator's view: no hand."""

    game: Literal["demo"]
    seat: None
    fields: list[Field]


SPECTATOR = {"game": "demo", "seat": None, "fields": [{"bean": "BL", "count": 2}]}


def _part(schema: dict[str, object], name: str) -> dict[str, object]:
    """The part ``#/$defs/name`` of ``schema`` as a schema of its own."""
    return {"$schema": DIALECT, "$defs": schema["$defs"], "$ref": f"#/$defs/{name}"}


def test_one_schema_holds_both_views_and_shares_their_parts() -> None:
    schema = views_schema("demo views", View, Audience, "Both views.")
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["title"] == "demo views" and schema["description"] == "Both views."
    assert set(schema["$defs"]) == {"Audience", "Field", "Seat", "View", "seat_view",
                                    "spectator_view"}
    assert schema["$defs"]["seat_view"] == {"$ref": "#/$defs/View"}
    alone = {key: value for key, value in json_schema(View).items()
             if key not in ("$schema", "title", "$defs")}
    assert schema["$defs"]["View"] == alone  # as json_schema writes it
    jsonschema.validate(GOOD, _part(schema, "seat_view"))
    jsonschema.validate(SPECTATOR, _part(schema, "spectator_view"))
    jsonschema.validate(GOOD, schema)
    jsonschema.validate(SPECTATOR, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(SPECTATOR, _part(schema, "seat_view"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**SPECTATOR, "seat": 0}, schema)


def test_a_view_type_named_like_a_view_is_refused() -> None:
    class seat_view(TypedDict):
        game: str

    with pytest.raises(TypeError, match="may not be called seat_view or spectator_view"):
        views_schema("demo views", seat_view, Audience)


def _part_type(doc: str) -> type:
    class Part(TypedDict):
        count: int

    Part.__doc__ = doc
    return Part


def test_two_types_of_one_name_are_refused_not_merged() -> None:
    first, second = _part_type("The first."), _part_type("The second.")
    both = TypedDict("both", {"one": first, "two": second})  # type: ignore[valid-type]  # noqa: UP013 (local types)

    with pytest.raises(TypeError, match=r"two types are called Part: .*Part and .*Part; "
                                        "rename one"):
        json_schema(both)

    seen = TypedDict("seen", {"part": first})  # type: ignore[valid-type]  # noqa: UP013 (local types)
    shown = TypedDict("shown", {"part": second})  # type: ignore[valid-type]  # noqa: UP013 (local types)
    with pytest.raises(TypeError, match="two types are called Part"):
        views_schema("demo views", seen, shown)
