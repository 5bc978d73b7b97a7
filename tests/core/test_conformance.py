"""The conformance suite over every registered game, player count and option set.

By default each option set plays random games until about ``ACTION_BUDGET`` actions
(a little over a thousand games in all for Bohnanza) with light checks, plus a few
games checked in full. ``BOHNEN_CONFORMANCE_GAMES=N`` plays N games per option set
instead (and N // 10 fully checked ones).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from bohnen.core import AnyGame, Game, GameError, InvalidActionError, game_names, get_game
from bohnen.core.conformance import (
    ConformanceError,
    Report,
    Settings,
    check_game,
    play_plain,
    run_conformance,
)
from bohnen.core.names import NO_NAMES, Names
from bohnen.core.protocol import Terms, View
from bohnen.core.search import Search

ACTION_BUDGET = 45_000  # actions per option set in the light series
DEEP_GAMES = 3  # fully checked games per option set
# Fields of the wrong type are tried apart, in test_malformed_action_fields_are_refused_cleanly.
LIGHT = Settings(deep_rate=0.003, malformed_fields=False)
DEEP = Settings(deep_rate=0.05, malformed_fields=False)


@dataclass(frozen=True)
class Flaw:
    message: str  # what the suite's failure must say (a regular expression)
    max_actions: int = 100_000


FLAWS: dict[str, Flaw] = {
    "leaky_view": Flaw("another view"),
    "tuple_view": Flaw("does not survive JSON"),
    "dirty_refusal": Flaw("changed the state"),
    "shared_clone": Flaw("to a clone changed the state"),
    "lossy_json": Flaw(r"state_from_json\(to_json\(\)\)"),
    "unseeded": Flaw("the same seed gives another game"),
    "idle_seat": Flaw("is to act but has no legal action"),
    "needless_seat": Flaw(r"must_act\(\) .* is not a part of to_act\(\)"),
    "sloppy_parser": Flaw("not InvalidActionError"),
    "endless": Flaw("did not end after 40 actions", max_actions=40),
    "hushed": Flaw("no event of .* reveals anything, yet seat"),
    "unflagged": Flaw("has no bool 'reveals'"),
    "wordless": Flaw("is not a printable line of words"),
    "noted": Flaw("its text is its notation"),
    "termless": Flaw("has proposals but no terms"),
    "stray_terms": Flaw("goes to none of the targets"),
    # advance (the events-off path) plays another move than the one it was given
    "skewed_advance": Flaw("the same seed gives another game"),
}


class Hushed:
    """An event that never says it reveals (flaw ``hushed``)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.reveals = False

    def to_json(self, viewer: int | None) -> dict[str, Any]:
        data: dict[str, Any] = self.inner.to_json(viewer)
        return data

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return str(self.inner.text(viewer, names))


class Unflagged(Hushed):
    """An event without ``reveals`` at all (flaw ``unflagged``)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner


class Flawed:
    """A state of a wrapped game that breaks one promise (``none``: faithful)."""

    def __init__(self, inner: Any, flaw: str, scars: int = 0) -> None:
        self.inner = inner
        self.flaw = flaw
        self.scars = scars  # refused actions that left a mark (flaw dirty_refusal)

    @property
    def options(self) -> Any:
        return self.inner.options

    @property
    def is_over(self) -> bool:
        return bool(self.inner.is_over)

    @property
    def turn(self) -> int:
        return int(self.inner.turn)

    def to_act(self) -> tuple[int, ...]:
        seats: tuple[int, ...] = self.inner.to_act()
        if self.flaw == "idle_seat" and seats:
            return tuple(range(self.options.players))
        return seats

    def must_act(self) -> tuple[int, ...]:
        seats: tuple[int, ...] = self.inner.must_act()
        if self.flaw == "needless_seat" and seats:
            return (*seats, self.options.players)
        return seats

    def legal_actions(self, seat: int) -> list[Any]:
        return list(self.inner.legal_actions(seat))

    def any_time_actions(self, seat: int) -> list[Any]:
        return list(self.inner.any_time_actions(seat))

    def proposals(self, seat: int) -> Sequence[Any]:
        props: Sequence[Any] = self.inner.proposals(seat)
        return props

    def proposal_terms(self, seat: int) -> Terms | None:
        terms: Terms | None = self.inner.proposal_terms(seat)
        if self.flaw == "termless":
            return None
        if self.flaw == "stray_terms" and terms is not None:
            return {**terms, "targets": [{**t, "pid": 10**6} for t in terms["targets"]]}
        return terms

    def check(self, action: Any) -> None:
        self.inner.check(action)

    def apply(self, action: Any) -> list[Any]:
        try:
            events = list(self.inner.apply(action))
        except GameError:
            if self.flaw == "dirty_refusal":
                self.scars += 1
            raise
        if self.flaw == "hushed":
            return [Hushed(e) for e in events]
        if self.flaw == "unflagged":
            return [Unflagged(e) for e in events]
        return events

    def advance(self, action: Any) -> None:
        if self.flaw == "skewed_advance":
            others = [a for a in self.inner.legal_actions(action.seat) if a != action]
            action = others[-1] if others else action
        self.inner.advance(action)

    def view(self, seat: int | None) -> dict[str, Any]:
        data: dict[str, Any] = self.inner.view(seat)
        if self.flaw == "leaky_view":
            data["everything"] = self.inner.to_json()
        elif self.flaw == "tuple_view":
            data["pair"] = (1, 2)
        return data

    def determinize(self, seat: int | None, rng: random.Random) -> Flawed:
        return Flawed(self.inner.determinize(seat, rng), self.flaw, self.scars)

    def clone(self) -> Flawed:
        if self.flaw == "shared_clone":
            return self
        return Flawed(self.inner.clone(), self.flaw, self.scars)

    def result(self) -> Any:
        return self.inner.result()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = self.inner.to_json()
        if self.flaw == "dirty_refusal":
            data["scars"] = self.scars
        return data

    def audit(self) -> None:
        self.inner.audit()


class MutantSearch(Search[Any]):
    """The wrapped game's search hooks, its sampled states given the same flaw."""

    def __init__(self, inner: AnyGame, flaw: str) -> None:
        self.inner = inner
        self.flaw = flaw

    def state_from_view(self, view: View, rng: random.Random) -> Any:
        return Flawed(self.inner.search.state_from_view(view, rng), self.flaw)


class Mutant(Game[Any, Any, Any]):
    """A registered game wrapped so that its states have one flaw (made by
    :func:`mutant`, which gives the wrapper the wrapped game's name and figures)."""

    def __init__(self, inner: AnyGame, flaw: str) -> None:
        if flaw != "none" and flaw not in FLAWS:
            raise InvalidActionError(f"unknown flaw {flaw!r}")
        self.inner = inner
        self.flaw = flaw
        self.search = MutantSearch(inner, flaw)

    def options(self, players: int, **overrides: Any) -> Any:
        return self.inner.options(players, **overrides)

    def options_from_json(self, data: Any) -> Any:
        return self.inner.options_from_json(data)

    def option_sets(self, players: int) -> list[Any]:
        return self.inner.option_sets(players)

    def new_game(self, options: Any, seed: int, deck: Sequence[Any] | None = None) -> Any:
        if self.flaw == "unseeded":
            seed ^= random.getrandbits(32)
        return Flawed(self.inner.new_game(options, seed, deck), self.flaw)

    def parse_action(self, text: str) -> Any:
        try:
            return self.inner.parse_action(text)
        except InvalidActionError as exc:
            if self.flaw == "sloppy_parser":
                raise ValueError(str(exc)) from None
            raise

    def action_from_json(self, data: Any) -> Any:
        return self.inner.action_from_json(data)

    def action_texts(self, view: View, actions: Sequence[Any],
                     names: Names = NO_NAMES) -> list[str]:
        texts = self.inner.action_texts(view, actions, names)
        if self.flaw == "wordless":
            return ["" for _ in texts]
        if self.flaw == "noted":
            return [str(action) for action in actions]
        return texts

    def state_from_json(self, data: Any) -> Any:
        data = dict(data)
        scars = data.pop("scars", 0)
        inner = self.inner.state_from_json(data)
        if self.flaw == "lossy_json":
            inner = self.inner.new_game(inner.options, 0)  # forgets the position
        return Flawed(inner, self.flaw, scars)


def mutant(inner: AnyGame, flaw: str) -> Mutant:
    """``inner`` wrapped with ``flaw``: a class of its own carries the game's name."""
    kind = type(f"Mutant_{inner.name}", (Mutant,), {
        "name": inner.name, "title": inner.title, "version": inner.version,
        "min_players": inner.min_players, "max_players": inner.max_players})
    made: Mutant = kind(inner, flaw)
    return made


def _games_from_env() -> int:
    text = os.environ.get("BOHNEN_CONFORMANCE_GAMES", "").strip()
    if not text:
        return 0
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"BOHNEN_CONFORMANCE_GAMES must be a positive number, not {text!r}")
    return int(text)


def _cases() -> list[Any]:
    cases = []
    for name in game_names():
        game = get_game(name)
        for players in range(game.min_players, game.max_players + 1):
            for index in range(len(game.option_sets(players))):
                cases.append(pytest.param(name, players, index,
                                          id=f"{name}-{players}p-set{index}"))
    return cases


def _options(name: str, players: int, index: int) -> Any:
    return get_game(name).option_sets(players)[index]


def _exercised(report: Report) -> None:
    """The series really tried illegal moves, views and determinizations."""
    assert report.games > 0
    assert report.actions > report.games
    assert report.deep_checks > report.games  # the final states, and more on the way
    assert report.probes > 0 and report.rejected > 0
    assert report.determinizations > 0
    assert report.hidden_differences > 0, "determinize never re-dealt anything hidden"
    assert report.quiet_moves > 0, "no move that reveals nothing was checked"
    assert len(report.results) == report.games
    assert report.moves > 0, "no legal move was checked in its three forms"


@pytest.mark.parametrize(("name", "players", "index"), _cases())
def test_random_games_keep_every_promise(name: str, players: int, index: int) -> None:
    game = get_game(name)
    games = _games_from_env()
    if games:
        report = run_conformance(game, _options(name, players, index), range(games), LIGHT)
    else:
        report = run_conformance(game, _options(name, players, index), range(100_000), LIGHT,
                                 budget=ACTION_BUDGET)
    _exercised(report)


@pytest.mark.parametrize(("name", "players", "index"), _cases())
def test_fully_checked_games(name: str, players: int, index: int) -> None:
    game = get_game(name)
    count = max(DEEP_GAMES, _games_from_env() // 10)
    report = run_conformance(game, _options(name, players, index),
                             range(10_000, 10_000 + count), DEEP)
    _exercised(report)
    assert report.accepted_probes > 0, "no probe was ever a legal action"
    assert report.swaps > 0
    assert report.terms > 0 or not report.proposals_applied, "no proposal terms checked"


@pytest.mark.parametrize("name", game_names())
def test_malformed_action_fields_are_refused_cleanly(name: str) -> None:
    """Fields of the wrong type (None, text, a list for a number) raise a GameError."""
    game = get_game(name)
    settings = Settings(deep_rate=0.2, probes=20, malformed_fields=True)
    for players in range(game.min_players, game.max_players + 1):
        run_conformance(game, game.options(players), range(2), settings)


@pytest.mark.parametrize("name", game_names())
def test_different_seeds_give_different_games(name: str) -> None:
    game = get_game(name)
    options = game.options(game.min_players)
    first, second = play_plain(game, options, 1), play_plain(game, options, 2)
    assert first.actions != second.actions


@pytest.mark.parametrize("flaw", sorted(FLAWS))
def test_the_suite_catches_a_broken_game(flaw: str) -> None:
    """Each flaw planted in a wrapped game is reported, with the game, seed and step."""
    game = mutant(get_game("bohnanza"), flaw)
    options = game.options(4)
    settings = Settings(deep_rate=0.2, max_actions=FLAWS[flaw].max_actions,
                        malformed_fields=False)
    with pytest.raises(ConformanceError, match=FLAWS[flaw].message) as info:
        run_conformance(game, options, range(3), settings)
    assert "bohnanza options {" in str(info.value)
    assert " seed " in str(info.value) and " action #" in str(info.value)


def test_an_unbroken_wrapper_passes() -> None:
    """The wrapper of the flaw tests is faithful: without a flaw nothing is reported."""
    game = mutant(get_game("bohnanza"), "none")
    report = Report()
    check_game(game, game.options(3), 5, Settings(deep_rate=0.1, malformed_fields=False), report)
    assert report.games == 1


def test_unknown_flaw_is_refused() -> None:
    with pytest.raises(GameError):
        mutant(get_game("bohnanza"), "no such flaw")
