"""The trading actions the engine builds by the thousand a game, made without the cost
of their constructors: the very objects ``Accept(...)``, ``Decline(...)``,
``Withdraw(...)``, ``Propose(...)`` and ``Counter(...)`` make.

The actions are frozen dataclasses (:mod:`~bohnen.bohnanza.actions`, left interpreted in
the compiled build), whose generated ``__init__`` sets each field through
``object.__setattr__`` from Python: with trading, building the answers the listing
offers (:mod:`~bohnen.bohnanza.legal`) and the proposals the generator hands out
(:mod:`~bohnen.bohnanza.proposal_space`) took about a sixth of a game's instructions
compiled. Their callers pass values the engine made itself, so a maker here takes a new
object of the class and sets each field in its slot, as ``__init__`` does, with no call
into Python when compiled. Each maker sets every field of its class in the class's
order; tests/bohnanza/test_makers.py checks that against ``dataclasses.fields`` and that
each makes an object equal to the constructor's.
"""

from __future__ import annotations

from typing import Final

from bohnen.bohnanza.actions import Accept, Beans, Counter, Decline, Positions, Propose, Withdraw

# object.__new__, kept at hand: compiled, a final name is a C static, where
# ``object.__new__(cls)`` would look the method up at every call
_new_object: Final = object.__new__


def accept(seat: int, pid: int, hand: Positions, face_up: Positions) -> Accept:
    """``Accept(seat, pid, hand, face_up)``."""
    made = _new_object(Accept)
    object.__setattr__(made, "seat", seat)
    object.__setattr__(made, "pid", pid)
    object.__setattr__(made, "hand", hand)
    object.__setattr__(made, "face_up", face_up)
    return made


def decline(seat: int, pid: int) -> Decline:
    """``Decline(seat, pid)``."""
    made = _new_object(Decline)
    object.__setattr__(made, "seat", seat)
    object.__setattr__(made, "pid", pid)
    return made


def withdraw(seat: int, pid: int) -> Withdraw:
    """``Withdraw(seat, pid)``."""
    made = _new_object(Withdraw)
    object.__setattr__(made, "seat", seat)
    object.__setattr__(made, "pid", pid)
    return made


def propose(seat: int, to: int, hand: Positions, face_up: Positions, wants: Beans,
            talers: int, wants_talers: int) -> Propose:
    """``Propose(seat, to, hand, face_up, wants, talers, wants_talers)``."""
    made = _new_object(Propose)
    object.__setattr__(made, "seat", seat)
    object.__setattr__(made, "to", to)
    object.__setattr__(made, "hand", hand)
    object.__setattr__(made, "face_up", face_up)
    object.__setattr__(made, "wants", wants)
    object.__setattr__(made, "talers", talers)
    object.__setattr__(made, "wants_talers", wants_talers)
    return made


def counter(seat: int, pid: int, hand: Positions, face_up: Positions, wants: Beans,
            talers: int, wants_talers: int) -> Counter:
    """``Counter(seat, pid, hand, face_up, wants, talers, wants_talers)``."""
    made = _new_object(Counter)
    object.__setattr__(made, "seat", seat)
    object.__setattr__(made, "pid", pid)
    object.__setattr__(made, "hand", hand)
    object.__setattr__(made, "face_up", face_up)
    object.__setattr__(made, "wants", wants)
    object.__setattr__(made, "talers", talers)
    object.__setattr__(made, "wants_talers", wants_talers)
    return made
