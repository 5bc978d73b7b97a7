"""JSON Schema of view types (bohnen.core.schema), checked with the jsonschema library."""

from __future__ import annotations

import enum
from typing import Literal, NewType, NotRequired, TypedDict

import jsonschema
import pytest

from bohnen.core.schema import DIALECT, json_schema

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
