"""The engine's makers of trading actions (bohnen/bohnanza/makers.py) make the very
objects the classes' constructors make: every field of the class set, in its order,
equal, of the same type, with the same hash, notation and JSON."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable

import pytest

from bohnen.bohnanza import makers
from bohnen.bohnanza.actions import Accept, Counter, Decline, Propose, Withdraw
from bohnen.bohnanza.beans import Bean

Maker = Callable[..., object]
Kind = type[Accept] | type[Decline] | type[Withdraw] | type[Propose] | type[Counter]

CASES: list[tuple[Maker, Kind, tuple[object, ...]]] = [
    (makers.accept, Accept, (2, 7, (3,), ())),
    (makers.accept, Accept, (0, 12, (1, 4), (0,))),
    (makers.decline, Decline, (1, 5)),
    (makers.withdraw, Withdraw, (3, 9)),
    (makers.propose, Propose, (0, 2, (1,), (0,), (Bean.ROTE, Bean.SOJA), 1, 0)),
    (makers.propose, Propose, (4, 0, (), (), (), 0, 2)),
    (makers.counter, Counter, (2, 11, (0, 3), (), (Bean.GARTEN,), 0, 1)),
]


@pytest.mark.parametrize(("maker", "cls", "args"), CASES)
def test_maker_makes_what_the_constructor_makes(maker: Maker, cls: Kind,
                                                args: tuple[object, ...]) -> None:
    build: Maker = cls  # the class's own constructor
    made, built = maker(*args), build(*args)
    assert type(made) is cls
    assert made == built and hash(made) == hash(built)
    assert str(made) == str(built) and repr(made) == repr(built)
    assert made.to_json() == built.to_json()
    for field in dataclasses.fields(cls):
        assert getattr(made, field.name) == getattr(built, field.name)


KINDS: list[tuple[Maker, Kind]] = [(makers.accept, Accept), (makers.decline, Decline),
                                   (makers.withdraw, Withdraw), (makers.propose, Propose),
                                   (makers.counter, Counter)]


@pytest.mark.parametrize(("maker", "cls"), KINDS)
def test_maker_takes_every_field_of_its_class_in_order(maker: Maker, cls: Kind) -> None:
    # A field added to an action, or a __post_init__, must reach its maker too.
    fields = [f.name for f in dataclasses.fields(cls)]
    assert list(inspect.signature(maker).parameters) == fields
    assert not hasattr(cls, "__post_init__")
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[union-attr]


def test_a_made_action_stays_frozen() -> None:
    made = makers.decline(1, 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.pid = 6  # type: ignore[misc]
