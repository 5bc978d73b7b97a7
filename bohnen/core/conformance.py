"""The conformance suite: random games that check every promise of the core protocol.

Any registered game must pass it through :mod:`bohnen.core.protocol` alone; nothing
here knows the rules of a particular game. A test calls :func:`check_game` (one
seeded game) or :func:`run_conformance` (a series), and gets a :class:`Report` of
what was exercised, or a :class:`ConformanceError` that names the game, the option
set, the seed and the action index where a promise was broken.

What is checked, after every action:

- ``audit()`` passes; ``is_over`` exactly when ``to_act()`` is empty; every seat in
  ``to_act()`` has a legal action or a proposal; the applied action's notation and
  JSON form parse back to it; the game ends within ``Settings.max_actions``.

And at randomly chosen steps (``Settings.deep_rate``), in full:

- every legal action of every seat (and a sample of proposals) passes ``check``,
  none is listed twice, and seats not in ``to_act()`` have none;
- illegal and malformed attempts (an action given to the wrong seat, mutated
  notation and JSON, garbage text and objects) raise ``IllegalActionError`` or
  ``InvalidActionError`` and leave ``to_json()`` unchanged, and ``check`` agrees
  with ``apply``;
- ``clone()`` equals the state and is independent of it; ``to_json()`` is
  JSON-ready and round-trips through ``state_from_json``;
- ``view`` is JSON-ready; ``determinize(seat, rng)`` keeps ``view(seat)`` and the
  spectator's view, the seat's legal actions and ``to_act()``, is deterministic in
  its ``rng``, and different ``rng`` re-deal what the seat cannot see;
- events are JSON-ready and have a text for every viewer.

Across the game: the same seed gives the same game (replayed without checks, and
the checked run continues from clones and JSON copies of its state), and the game's
record, written in notation, replays to the same result and final state.
"""

from __future__ import annotations

import dataclasses
import json
import random
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bohnen.core.errors import GameError, InvalidActionError
from bohnen.core.protocol import Game, State
from bohnen.core.records import GameRecord, replay
from bohnen.core.result import Result
from bohnen.core.rng import derive

JSON = dict[str, Any]

# Values that break an action's fields in every way a careless caller might.
WEIRD: tuple[Any, ...] = (
    None, True, False, -1, 0, 1, 2, 3, 7, 99, 10**12, 1.5, "", "x", "0", [], [0], [-1],
    [0, 0], {}, (), (0,), (-1,), (0, 0), (99,), (0, 1), "h0", [None],
)
NOTATION_NOISE: tuple[str, ...] = (
    "-1", "99", "0", "1", "x", ":", ",", "h99", "t-1", "t1", "f9", "0:", "give", "want",
    "", "  ", "1,1", "\t", "é", "999999999999999999999",
)
GARBAGE_JSON: tuple[Any, ...] = (
    None, 0, "x", [], {}, {"seat": 0}, {"type": None}, {"type": "x", "seat": 0},
    [{"seat": 0}], {"seat": -1, "type": 0}, 1.5, True,
)
NOT_ACTIONS: tuple[Any, ...] = (None, "0: pass", 42, object(), {"seat": 0}, (0,))


class ConformanceError(AssertionError):
    """A broken promise of the protocol, with the game, options, seed and step."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How the random games are played and how much is checked.

    - ``proposal_rate``: chance of making a generated proposal when there is one.
    - ``deep_rate``: chance that a step runs the full checks (the final state
      always has them).
    - ``probes``: illegal or malformed attempts at each full check.
    - ``swap_rate``: chance, at a full check, that play continues from a clone or a
      JSON copy of the state (the same-seed replay then shows anything lost).
    - ``max_actions``: a game that lasts longer fails (every game must end).
    - ``malformed_fields``: probes may build actions whose fields have the wrong
      type (``None``, text, a list for a number); otherwise only wrong values.
    """

    proposal_rate: float = 0.25
    deep_rate: float = 0.05
    probes: int = 8
    swap_rate: float = 0.5
    max_actions: int = 100_000
    malformed_fields: bool = True


@dataclass(slots=True)
class Report:
    """What the suite exercised, so a test can make sure it really checked something.

    ``rejected`` counts attempts refused (by a parser, ``check`` or ``apply``),
    ``accepted_probes`` probes that turned out legal, ``hidden_differences`` the
    pairs of determinizations (other ``rng``) whose full states differed, ``swaps``
    the times play went on from a clone or a JSON copy.
    """

    games: int = 0
    actions: int = 0
    proposals_applied: int = 0
    deep_checks: int = 0
    probes: int = 0
    rejected: int = 0
    accepted_probes: int = 0
    determinizations: int = 0
    hidden_differences: int = 0
    swaps: int = 0
    results: list[Result] = field(default_factory=list)

    def add(self, other: Report) -> None:
        for f in dataclasses.fields(self):
            if f.name == "results":
                self.results.extend(other.results)
            else:
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


@dataclass(slots=True)
class Trace:
    """One game played: its actions in notation and its result."""

    actions: list[str]
    result: Result
    final: JSON


@dataclass(slots=True)
class Context:
    """Where the suite is, for failure messages; the action kinds known as proposals."""

    game: Game
    options: Any
    seed: int
    index: int = 0
    last: str = "(start)"
    proposal_kinds: set[type] = field(default_factory=set)

    def fail(self, message: str) -> ConformanceError:
        try:
            opts = json.dumps(self.options.to_json(), sort_keys=True)
        except (AttributeError, TypeError, ValueError):
            opts = repr(self.options)
        return ConformanceError(
            f"{self.game.name} options {opts} seed {self.seed} action #{self.index} "
            f"(after {self.last!r}): {message}"
        )


# --- choosing moves -------------------------------------------------------------------


def choose(state: State, rng: random.Random, proposal_rate: float) -> Any | None:
    """A random move: a seat of ``to_act()``, then a legal action or a proposal.

    ``None`` when the chosen seat has nothing to do (a broken promise). Uses only
    ``rng`` and the state, so the same seed and state give the same move.
    """
    return _choose(state, rng, proposal_rate)[0]


def _choose(state: State, rng: random.Random, proposal_rate: float) -> tuple[Any | None, bool]:
    """:func:`choose`, and whether the move is a generated proposal."""
    seats = state.to_act()
    seat = seats[rng.randrange(len(seats))]
    legal = state.legal_actions(seat)
    props = state.proposals(seat)
    if props and (not legal or rng.random() < proposal_rate):
        return props[rng.randrange(len(props))], True
    if not legal:
        return None, False
    return legal[rng.randrange(len(legal))], False


_KINDS: dict[str, frozenset[type]] = {}


def proposal_kinds(game: Game) -> frozenset[type]:
    """The action types that the game's proposal generator makes, over its option sets.

    ``legal_actions`` lists every legal action but these; an unlisted action that
    passes ``check`` must be of one of them. Found by playing one plain game per
    option set (cached per game).
    """
    if game.name not in _KINDS:
        kinds: set[type] = set()
        for players in range(game.min_players, game.max_players + 1):
            for options in game.option_sets(players):
                _collect_kinds(game, options, kinds)
        _KINDS[game.name] = frozenset(kinds)
    return _KINDS[game.name]


def _collect_kinds(game: Game, options: Any, kinds: set[type]) -> None:
    rng = random.Random(0)
    state: State = game.new_game(options, 0)
    for _ in range(100_000):
        if state.is_over:
            return
        for seat in state.to_act():
            props = state.proposals(seat)
            if props:
                kinds.update((type(props[0]), type(props[len(props) - 1])))
        action = choose(state, rng, 0.3)
        if action is None:
            return
        state.apply(action)


def _rngs(seed: int) -> tuple[random.Random, random.Random]:
    """The move chooser's generator and the checker's (kept apart)."""
    return random.Random(derive(seed, 1)), random.Random(derive(seed, 2))


def play_plain(game: Game, options: Any, seed: int, settings: Settings = Settings()) -> Trace:
    """The game of ``seed`` played by :func:`choose` without any check."""
    chooser, _ = _rngs(seed)
    state: State = game.new_game(options, seed)
    actions: list[str] = []
    while not state.is_over and len(actions) <= settings.max_actions:
        action = choose(state, chooser, settings.proposal_rate)
        if action is None:
            break
        state.apply(action)
        actions.append(str(action))
    if not state.is_over:
        raise Context(game, options, seed, len(actions)).fail("the plain replay did not end")
    return Trace(actions, state.result(), state.to_json())


# --- the checks of every step ---------------------------------------------------------


def check_step(ctx: Context, state: State) -> None:
    """The cheap invariants, checked after every action."""
    try:
        state.audit()
    except AssertionError as exc:
        raise ctx.fail(f"audit failed: {exc}") from None
    waiting = state.to_act()
    if state.is_over != (not waiting):
        raise ctx.fail(f"is_over is {state.is_over} but to_act() is {waiting}")
    for seat in waiting:
        if not state.legal_actions(seat) and not state.proposals(seat):
            raise ctx.fail(f"seat {seat} is to act but has no legal action or proposal")


def check_applied(ctx: Context, action: Any, deep: bool = True) -> None:
    """The notation and the JSON form (JSON-ready if ``deep``) of an action read back."""
    text = str(action)
    try:
        parsed = ctx.game.parse_action(text)
    except GameError as exc:
        raise ctx.fail(f"notation {text!r} does not parse: {exc}") from None
    if parsed != action:
        raise ctx.fail(f"notation {text!r} parses to {parsed!r}, not {action!r}")
    data = action.to_json()
    if deep:
        _json_ready(ctx, data, f"the JSON of {text!r}")
    try:
        back = ctx.game.action_from_json(data)
    except GameError as exc:
        raise ctx.fail(f"JSON {data} of {text!r} does not load: {exc}") from None
    if back != action:
        raise ctx.fail(f"JSON {data} loads as {back!r}, not {action!r}")


def check_events(ctx: Context, state: State, events: Sequence[Any]) -> None:
    """Every event has a JSON form and a text for every viewer."""
    for event in events:
        for viewer in _viewers(state):
            _json_ready(ctx, event.to_json(viewer), f"event {event!r} for viewer {viewer}")
            text = event.text(viewer)
            if not isinstance(text, str) or not text:
                raise ctx.fail(f"event {event!r} has no text for viewer {viewer}")


def _viewers(state: State) -> list[int | None]:
    return [None, *range(state.options.players)]


def _json_ready(ctx: Context, data: Any, what: str) -> None:
    try:
        same = json.loads(json.dumps(data)) == data
    except (TypeError, ValueError) as exc:
        raise ctx.fail(f"{what} is not JSON: {exc}") from None
    if not same:
        raise ctx.fail(f"{what} does not survive JSON (tuples or non-string keys?)")


def _snapshot(state: State) -> JSON:
    return state.to_json()


def _unchanged(ctx: Context, state: State, before: JSON, what: str) -> None:
    if state.to_json() != before:
        raise ctx.fail(f"{what} changed the state")


# --- the full checks ------------------------------------------------------------------


def check_deep(ctx: Context, state: State, rng: random.Random, settings: Settings,
               report: Report) -> None:
    """Everything of the module's docstring about one state; the state is left unchanged."""
    report.deep_checks += 1
    before = _snapshot(state)
    _json_ready(ctx, before, "to_json()")
    check_legal_lists(ctx, state)
    check_clone(ctx, state, rng, before)
    check_json_round_trip(ctx, state, before)
    check_views(ctx, state, rng, report)
    _unchanged(ctx, state, before, "view or determinize")
    for _ in range(settings.probes):
        probe(ctx, state, rng, settings, report)
    _unchanged(ctx, state, before, "the probes")


def check_legal_lists(ctx: Context, state: State) -> None:
    """Listed actions pass ``check``, are distinct, and idle seats have none."""
    waiting = state.to_act()
    for seat in range(state.options.players):
        legal = state.legal_actions(seat)
        props = state.proposals(seat)
        if seat not in waiting and (legal or props):
            raise ctx.fail(f"seat {seat} is not in to_act() {waiting} but has actions")
        texts = [str(a) for a in legal]
        if len(set(texts)) != len(texts):
            raise ctx.fail(f"seat {seat} has duplicate legal actions: {texts}")
        sample = [props[i] for i in _sample_indices(len(props), 3)]
        if sample:
            ctx.proposal_kinds.add(type(sample[0]))
        for action in [*legal, *sample]:
            if action.seat != seat:
                raise ctx.fail(f"{action} is listed for seat {seat}")
            try:
                state.check(action)
            except GameError as exc:
                raise ctx.fail(f"listed action {action} fails check: {exc}") from None


def _sample_indices(size: int, count: int) -> list[int]:
    """A few spread indices into a sequence of ``size`` (first, last, middle)."""
    if size <= count:
        return list(range(size))
    step = (size - 1) / (count - 1) if count > 1 else 0
    return sorted({round(i * step) for i in range(count)})


def check_clone(ctx: Context, state: State, rng: random.Random, before: JSON) -> None:
    """A clone equals the state, and playing on it leaves the state alone."""
    copy = state.clone()
    if copy.to_json() != before:
        raise ctx.fail("clone().to_json() differs from to_json()")
    if state.is_over:
        return
    action = choose(copy, rng, 0.5)
    if action is not None:
        copy.apply(action)
        _unchanged(ctx, state, before, f"applying {action} to a clone")


def check_json_round_trip(ctx: Context, state: State, before: JSON) -> None:
    """``state_from_json(to_json())`` is the same position, seen and played the same."""
    try:
        loaded: State = ctx.game.state_from_json(json.loads(json.dumps(before)))
    except GameError as exc:
        raise ctx.fail(f"state_from_json(to_json()) fails: {exc}") from None
    if loaded.to_json() != before:
        raise ctx.fail("state_from_json(to_json()).to_json() differs")
    if loaded.to_act() != state.to_act():
        raise ctx.fail("the state loaded from JSON has another to_act()")
    for viewer in _viewers(state):
        if loaded.view(viewer) != state.view(viewer):
            raise ctx.fail(f"the state loaded from JSON shows viewer {viewer} another view")
        if viewer is not None and _texts(loaded.legal_actions(viewer)) != _texts(
                state.legal_actions(viewer)):
            raise ctx.fail(f"the state loaded from JSON has other actions for seat {viewer}")


def _texts(actions: Iterable[Any]) -> list[str]:
    return [str(a) for a in actions]


def check_views(ctx: Context, state: State, rng: random.Random, report: Report) -> None:
    """Views are JSON; determinizing keeps what a viewer sees and re-deals the rest."""
    public = state.view(None)
    for viewer in _viewers(state):
        seen = state.view(viewer)
        _json_ready(ctx, seen, f"view({viewer})")
        seed_a, seed_b = rng.getrandbits(64), rng.getrandbits(64)
        one = state.determinize(viewer, random.Random(seed_a))
        two = state.determinize(viewer, random.Random(seed_b))
        again = state.determinize(viewer, random.Random(seed_a))
        report.determinizations += 2
        for name, other in (("one", one), ("two", two)):
            _check_determinized(ctx, state, other, viewer, seen, public, name)
        if again.to_json() != one.to_json():
            raise ctx.fail(f"determinize({viewer}) with the same rng gives other states")
        if one.to_json() != two.to_json():
            report.hidden_differences += 1
    _play_on(ctx, state.determinize(None, rng), rng)


def _check_determinized(ctx: Context, state: State, other: State, viewer: int | None,
                        seen: JSON, public: JSON, name: str) -> None:
    where = f"determinize({viewer}) [{name}]"
    try:
        other.audit()
    except AssertionError as exc:
        raise ctx.fail(f"{where} fails its audit: {exc}") from None
    if other.view(viewer) != seen:
        raise ctx.fail(f"{where} shows viewer {viewer} another view: "
                       f"{_first_difference(seen, other.view(viewer))}")
    if other.view(None) != public:
        raise ctx.fail(f"{where} shows the spectator another view: "
                       f"{_first_difference(public, other.view(None))}")
    if other.to_act() != state.to_act():
        raise ctx.fail(f"{where} has another to_act()")
    if viewer is not None:
        if _texts(other.legal_actions(viewer)) != _texts(state.legal_actions(viewer)):
            raise ctx.fail(f"{where} gives seat {viewer} other legal actions")
        if len(other.proposals(viewer)) != len(state.proposals(viewer)):
            raise ctx.fail(f"{where} gives seat {viewer} another number of proposals")


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON values first differ, for a readable message."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path or 'top'}: {a!r} != {b!r}"


def _play_on(ctx: Context, state: State, rng: random.Random) -> None:
    """A determinized state is a real position: a few random moves keep it sound."""
    for _ in range(3):
        if state.is_over:
            return
        action = choose(state, rng, 0.3)
        if action is None:
            raise ctx.fail("a determinized state has a seat to act with nothing to do")
        try:
            state.apply(action)
            state.audit()
        except (GameError, AssertionError) as exc:
            raise ctx.fail(f"playing {action} on a determinized state: {exc}") from None


# --- illegal and malformed attempts ---------------------------------------------------


def probe(ctx: Context, state: State, rng: random.Random, settings: Settings,
          report: Report) -> None:
    """One illegal, malformed or doubtful attempt; see :func:`attempt` for what must hold."""
    report.probes += 1
    pool = _candidates(ctx, state, rng)
    kind = rng.randrange(7)
    if kind == 0:
        _probe_not_an_action(ctx, state, rng, report)
        return
    if not pool:
        _probe_garbage_text(ctx, state, rng, report)
        return
    base = pool[rng.randrange(len(pool))]
    if kind == 1:
        _probe_wrong_seat(ctx, state, rng, base, report)
    elif kind == 2:
        _probe_json(ctx, state, rng, base, pool, report)
    elif kind == 3:
        _probe_notation(ctx, state, rng, base, pool, report)
    elif kind == 4:
        _probe_fields(ctx, state, rng, base, report, settings.malformed_fields)
    elif kind == 5:
        _probe_garbage_text(ctx, state, rng, report)
    else:
        _probe_garbage_json(ctx, state, rng, report)


def _candidates(ctx: Context, state: State, rng: random.Random) -> list[Any]:
    """Actions to start from: every seat's legal actions and a few proposals."""
    out: list[Any] = []
    for seat in range(state.options.players):
        out.extend(state.legal_actions(seat))
        props = state.proposals(seat)
        for _ in range(min(2, len(props))):
            p = props[rng.randrange(len(props))]
            ctx.proposal_kinds.add(type(p))
            out.append(p)
    return out


def attempt(ctx: Context, state: State, action: Any, report: Report,
            must_fail: bool = False) -> bool:
    """Try ``action`` on ``state`` without changing it; True if it is legal.

    ``check`` and ``apply`` must agree. A refused action raises a ``GameError`` and
    leaves ``to_json()`` unchanged; an accepted one must be listed among the seat's
    legal actions unless it is of a proposal kind, and applies cleanly to a clone.
    """
    before = state.to_json()
    seat = getattr(action, "seat", None)
    listed = type(seat) is int and _listed(action, state.legal_actions(seat))
    try:
        state.check(action)
    except GameError as exc:
        _refused(ctx, state, action, before, listed, exc, report)
        return False
    except Exception as exc:
        raise ctx.fail(f"check({action!r}) raised {type(exc).__name__}: {exc}") from None
    _unchanged(ctx, state, before, f"check({action!r})")
    if must_fail:
        raise ctx.fail(f"{action!r} by a seat not in to_act() {state.to_act()} passes check")
    if not listed and type(action) not in ctx.proposal_kinds:
        raise ctx.fail(f"{action!r} passes check but is not among the legal actions")
    copy = state.clone()
    try:
        copy.apply(action)
        copy.audit()
    except (GameError, AssertionError) as exc:
        raise ctx.fail(f"{action!r} passes check but apply fails: {exc}") from None
    report.accepted_probes += 1
    return True


def _listed(action: Any, legal: Sequence[Any]) -> bool:
    """``action`` is among ``legal`` (``repr`` tells ``False`` from ``0``, equal in Python)."""
    return any(a == action and repr(a) == repr(action) for a in legal)


def _refused(ctx: Context, state: State, action: Any, before: JSON, listed: bool,
             exc: GameError, report: Report) -> None:
    if listed:
        raise ctx.fail(f"legal action {action} fails check: {exc}")
    if not str(exc):
        raise ctx.fail(f"check({action!r}) raised {type(exc).__name__} without a message")
    _unchanged(ctx, state, before, f"check({action!r})")
    try:
        state.apply(action)
    except GameError:
        pass
    except Exception as err:
        raise ctx.fail(f"apply({action!r}) raised {type(err).__name__}: {err}") from None
    else:
        raise ctx.fail(f"check refuses {action!r} ({exc}) but apply accepts it")
    _unchanged(ctx, state, before, f"the refused apply({action!r})")
    report.rejected += 1


def _probe_not_an_action(ctx: Context, state: State, rng: random.Random,
                         report: Report) -> None:
    thing = NOT_ACTIONS[rng.randrange(len(NOT_ACTIONS))]
    before = state.to_json()
    try:
        state.apply(thing)
    except InvalidActionError:
        report.rejected += 1
    except Exception as exc:
        raise ctx.fail(f"apply({thing!r}) raised {type(exc).__name__}, not "
                       f"InvalidActionError: {exc}") from None
    else:
        raise ctx.fail(f"apply({thing!r}) accepted something that is not an action")
    _unchanged(ctx, state, before, f"apply({thing!r})")


def _reseat(ctx: Context, action: Any, seat: int) -> Any | None:
    """``action`` made by ``seat`` instead, through its JSON form (or its fields)."""
    data = action.to_json()
    if "seat" in data:
        data["seat"] = seat
        try:
            return ctx.game.action_from_json(data)
        except GameError:
            return None
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return dataclasses.replace(action, seat=seat)
    return None


def _probe_wrong_seat(ctx: Context, state: State, rng: random.Random, base: Any,
                      report: Report) -> None:
    """Another seat's action: refused when that seat is not to act."""
    players = state.options.players
    seat = rng.randrange(players)
    moved = _reseat(ctx, base, seat)
    if moved is None:
        return
    attempt(ctx, state, moved, report, must_fail=seat not in state.to_act())


def _parse_json(ctx: Context, data: Any, report: Report) -> Any | None:
    try:
        return ctx.game.action_from_json(data)
    except InvalidActionError:
        report.rejected += 1
        return None
    except Exception as exc:
        raise ctx.fail(f"action_from_json({data!r}) raised {type(exc).__name__}, "
                       f"not InvalidActionError: {exc}") from None


def _parse_text(ctx: Context, text: Any, report: Report) -> Any | None:
    try:
        return ctx.game.parse_action(text)
    except InvalidActionError:
        report.rejected += 1
        return None
    except Exception as exc:
        raise ctx.fail(f"parse_action({text!r}) raised {type(exc).__name__}, "
                       f"not InvalidActionError: {exc}") from None


def mutate_json(data: JSON, rng: random.Random, pool: Sequence[Any]) -> Any:
    """``data`` with one value changed, a key dropped or added, or replaced whole."""
    out = json.loads(json.dumps(data))
    keys = sorted(out)
    op = rng.randrange(6)
    if op == 0 or not keys:
        return GARBAGE_JSON[rng.randrange(len(GARBAGE_JSON))]
    key = keys[rng.randrange(len(keys))]
    if op == 1:
        del out[key]
    elif op == 2:
        out["extra"] = 0
    elif op == 3 and pool:
        other = pool[rng.randrange(len(pool))].to_json()
        out[key] = other.get(key, 0)  # a sane value from another action
    elif op == 4 and isinstance(out[key], list):
        out[key] = _mutate_list(out[key], rng)
    else:
        out[key] = _weird(rng, out[key])
    return out


def _mutate_list(items: list[Any], rng: random.Random) -> list[Any]:
    items = list(items)
    if items and rng.random() < 0.5:
        del items[rng.randrange(len(items))]
    else:
        items.insert(rng.randrange(len(items) + 1), _weird(rng, items[0] if items else 0))
    return items


def _weird(rng: random.Random, value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return value + rng.choice((-1, 1, 2, -value - 1))
    thing = WEIRD[rng.randrange(len(WEIRD))]
    return list(thing) if isinstance(thing, tuple) else thing


def _probe_json(ctx: Context, state: State, rng: random.Random, base: Any,
                pool: Sequence[Any], report: Report) -> None:
    data = mutate_json(base.to_json(), rng, pool)
    action = _parse_json(ctx, data, report)
    if action is not None:
        attempt(ctx, state, action, report)


def mutate_notation(text: str, rng: random.Random, pool: Sequence[Any]) -> str:
    """``text`` with a word replaced, dropped, doubled or swapped, or cut short."""
    words = text.split(" ")
    op = rng.randrange(6)
    i = rng.randrange(len(words))
    if op == 0 and pool:
        other = str(pool[rng.randrange(len(pool))]).split(" ")
        words[i] = other[rng.randrange(len(other))]
    elif op == 1:
        words[i] = NOTATION_NOISE[rng.randrange(len(NOTATION_NOISE))]
    elif op == 2 and len(words) > 1:
        del words[i]
    elif op == 3:
        words.insert(i, words[i])
    elif op == 4:
        j = rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
    else:
        return text[: rng.randrange(len(text) + 1)]
    return " ".join(words)


def _probe_notation(ctx: Context, state: State, rng: random.Random, base: Any,
                    pool: Sequence[Any], report: Report) -> None:
    action = _parse_text(ctx, mutate_notation(str(base), rng, pool), report)
    if action is not None:
        attempt(ctx, state, action, report)


def _same_kind(value: Any, rng: random.Random) -> Any:
    """A value of the type of ``value`` but likely out of range."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice((-1, 99, 10**12, value + 1, value - 1))
    if isinstance(value, tuple):
        return rng.choice(((), (99,), (-1,), (0, 0), value + value, value[1:]))
    return value


def _probe_fields(ctx: Context, state: State, rng: random.Random, base: Any,
                  report: Report, malformed: bool) -> None:
    """A dataclass action with one field set to a value out of range (or of a wrong type)."""
    if not dataclasses.is_dataclass(base) or isinstance(base, type):
        return
    names = [f.name for f in dataclasses.fields(base)]
    name = names[rng.randrange(len(names))]
    weird = WEIRD[rng.randrange(len(WEIRD))]
    value = weird if malformed else _same_kind(getattr(base, name), rng)
    try:
        action = dataclasses.replace(base, **{name: value})
    except (GameError, TypeError, ValueError):
        return  # the action type refuses to be built with it: fine
    attempt(ctx, state, action, report)


def garbage_text(rng: random.Random) -> str:
    alphabet = string.ascii_letters + string.digits + " :,-_" + "\u00e9\u2009"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(24)))


def _probe_garbage_text(ctx: Context, state: State, rng: random.Random,
                        report: Report) -> None:
    action = _parse_text(ctx, garbage_text(rng), report)
    if action is not None:
        attempt(ctx, state, action, report)


def _probe_garbage_json(ctx: Context, state: State, rng: random.Random,
                        report: Report) -> None:
    action = _parse_json(ctx, GARBAGE_JSON[rng.randrange(len(GARBAGE_JSON))], report)
    if action is not None:
        attempt(ctx, state, action, report)


# --- whole games ----------------------------------------------------------------------


def check_game(game: Game, options: Any, seed: int, settings: Settings = Settings(),
               report: Report | None = None) -> Trace:
    """Play the game of ``seed`` with every check; raise :class:`ConformanceError`."""
    report = report if report is not None else Report()
    trace = _play_checked(game, options, seed, settings, report)
    ctx = Context(game, options, seed, len(trace.actions), trace.actions[-1:][0]
                  if trace.actions else "(start)")
    plain = play_plain(game, options, seed, settings)
    if plain.actions != trace.actions:
        at = next((i for i, (a, b) in enumerate(zip(plain.actions, trace.actions,
                                                     strict=False)) if a != b),
                  min(len(plain.actions), len(trace.actions)))
        ctx.index = at
        raise ctx.fail(f"the same seed gives another game: action #{at} is "
                       f"{plain.actions[at:at + 1]} unchecked, {trace.actions[at:at + 1]} checked")
    if plain.result != trace.result or plain.final != trace.final:
        raise ctx.fail("the same seed and actions give another result or final state")
    check_record(ctx, trace)
    report.games += 1
    report.results.append(trace.result)
    return trace


def check_record(ctx: Context, trace: Trace) -> None:
    """The game's record, through JSON text, replays to the same result and state."""
    game = ctx.game
    record = GameRecord(game.name, game.version, ctx.options.to_json(), ctx.seed,
                        list(trace.actions), None, trace.result)
    loaded = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    try:
        final = replay(loaded)
    except GameError as exc:
        raise ctx.fail(f"the record does not replay: {exc}") from None
    if final.result() != trace.result or final.to_json() != trace.final:
        raise ctx.fail("the record replays to another result or final state")


def _play_checked(game: Game, options: Any, seed: int, settings: Settings,
                  report: Report) -> Trace:
    chooser, checker = _rngs(seed)
    ctx = Context(game, options, seed, proposal_kinds=set(proposal_kinds(game)))
    state: State = game.new_game(options, seed)
    actions: list[str] = []
    turn = state.turn
    while True:
        check_step(ctx, state)
        if state.turn < turn:
            raise ctx.fail(f"the turn went back from {turn} to {state.turn}")
        turn = state.turn
        deep = checker.random() < settings.deep_rate
        if deep:
            check_deep(ctx, state, checker, settings, report)
            state = _maybe_swap(ctx, state, checker, settings, report)
        if state.is_over:
            break
        if len(actions) >= settings.max_actions:
            raise ctx.fail(f"the game did not end after {settings.max_actions} actions")
        action, proposal = _choose(state, chooser, settings.proposal_rate)
        if action is None:
            raise ctx.fail("the chosen seat of to_act() has nothing to do")
        if proposal:
            ctx.proposal_kinds.add(type(action))
            report.proposals_applied += 1
        _apply_checked(ctx, state, action, deep)
        actions.append(str(action))
        ctx.index, ctx.last = len(actions), str(action)
    check_deep(ctx, state, checker, settings, report)
    _check_over(ctx, state)
    report.actions += len(actions)
    return Trace(actions, state.result(), state.to_json())


def _apply_checked(ctx: Context, state: State, action: Any, deep: bool) -> None:
    check_applied(ctx, action, deep)
    kept = state.clone() if deep else None
    kept_json = state.to_json() if deep else None
    try:
        events = state.apply(action)
    except GameError as exc:
        raise ctx.fail(f"chosen action {action} is refused: {exc}") from None
    if kept is not None and kept.to_json() != kept_json:
        raise ctx.fail(f"applying {action} changed a clone taken before it")
    if deep:
        check_events(ctx, state, events)


def _maybe_swap(ctx: Context, state: State, rng: random.Random, settings: Settings,
                report: Report) -> State:
    """Go on from a clone or a JSON copy; the same-seed replay shows what they lost."""
    if rng.random() >= settings.swap_rate:
        return state
    report.swaps += 1
    if rng.random() < 0.5:
        return state.clone()
    copy: State = ctx.game.state_from_json(json.loads(json.dumps(state.to_json())))
    return copy


def _check_over(ctx: Context, state: State) -> None:
    """A finished game: nobody acts, a sound result, every action refused."""
    players = state.options.players
    for seat in range(players):
        if state.legal_actions(seat) or state.proposals(seat):
            raise ctx.fail(f"seat {seat} has actions after the end")
    result = state.result()
    if len(result.scores) != players:
        raise ctx.fail(f"result has {len(result.scores)} scores for {players} seats")
    winners = result.winners
    if not winners or list(winners) != sorted(set(winners)) or not all(
            0 <= w < players for w in winners):
        raise ctx.fail(f"result names odd winners {winners}")
    if not result.reason:
        raise ctx.fail("the result gives no reason for the end")
    if Result.from_json(json.loads(json.dumps(result.to_json()))) != result:
        raise ctx.fail("the result does not round-trip through JSON")
    if ctx.last != "(start)":
        last = ctx.game.parse_action(ctx.last)
        attempt(ctx, state, last, Report(), must_fail=True)


def run_conformance(game: Game, options: Any, seeds: Iterable[int],
                    settings: Settings = Settings(), budget: int | None = None) -> Report:
    """:func:`check_game` for each seed; the summed :class:`Report`.

    With ``budget``, stop after the game that brings the actions played to it (so
    a series costs about the same whatever the length of one game).
    """
    report = Report()
    for seed in seeds:
        check_game(game, options, seed, settings, report)
        if budget is not None and report.actions >= budget:
            break
    return report
