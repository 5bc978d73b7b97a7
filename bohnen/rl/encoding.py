"""What an encoding of a game is: a seat's view as a fixed-size vector, and the game's
actions as a fixed list of ids with a mask of those legal now.

An encoding reads only what the acting seat may know: its view (JSON) and what the
engine computes of its moves (:class:`Legal`: its legal actions as the engine's JSON,
and what it may propose), so that it restates no rule. Two states that differ only in
what the seat cannot see give the same vectors and masks.

**Drafts.** Some actions of a game do not fit one id of a fixed list (a Bohnanza trade:
the target, the cards given, the beans wanted). An encoding then composes such an
action over several ids, in a canonical order, in a *draft*: ``start`` opens the
seat's draft from its view and legal actions; ``mask`` gives the ids legal in that
draft; ``choose`` takes one id and returns the draft after it, and the notation of
the action once it is whole (``None`` while it is still being composed: the same seat
chooses again). A game whose every action is one id has a draft that is whole after
one choice. A draft is an immutable value (it pickles, and it compares equal for equal
histories); the seat's own draft is part of its observation, nobody else's is.
``ids_of`` goes the other way: the ids that compose an engine action, read from its
JSON, so that a bot's play can be written as ids (datasets, imitation).

**From the state.** At every step of an environment, ``encode_state`` and
``start_state`` give the same vector and draft as ``observe`` and ``start`` do from the
view; an encoding whose game names an accessor (``Game.seen``: a frozen typed value of
what the seat sees, read from the state's data) reads that instead of the JSON view,
and its ids from the engine's actions instead of their JSON. ``encode_start`` gives both
the vector and the fresh draft of the seat to act, from one reading of the accessor
where the encoding needs it for both (the default calls the two). Tests compare both
paths at every decision of whole games.

**Layout.** Every encoding declares its vector as a :class:`~bohnen.rl.layout.Layout`
(named fields with offsets and bounds): its bounds are the observation space's, and the
documentation's tables are written from it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from typing import Final, NamedTuple, cast, final

import numpy as np
import numpy.typing as npt
from mypy_extensions import mypyc_attr

from bohnen.core.protocol import Action, AnyState, JSONObject, Terms
from bohnen.rl.layout import Layout

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class Legal(NamedTuple):
    """What the engine computes of a seat's moves now, for an encoding to read so that it
    restates no rule: ``actions``, the seat's legal actions and any-time actions as the
    engine's JSON (``to_json()``), each once, in the engine's order, without trade
    proposals; ``terms``, what it may propose and counter (``State.proposal_terms``:
    the targets and limits; None where it may not)."""

    actions: tuple[JSONObject, ...]
    terms: Terms | None


def engine_legal(state: AnyState, seat: int) -> Legal:
    """The seat's :class:`Legal` in ``state`` (its JSON objects are shared: read them,
    never change them; :func:`json_copy` gives one to keep)."""
    return Legal(tuple([entry.data for entry in _legal_entries(state, seat)]),
                 state.proposal_terms(seat))


def legal_json(state: AnyState, seat: int) -> list[JSONObject]:
    """The actions of :func:`engine_legal` as copies their holder may change."""
    return [dict(entry.data) if entry.flat else json_copy(entry.data)
            for entry in _legal_entries(state, seat)]


def _legal_entries(state: AnyState, seat: int) -> list[_Json]:
    """The JSON of the seat's legal and any-time actions, each once."""
    entries = [_json_entry(a) for a in state.legal_actions(seat)]
    extras = state.any_time_actions(seat)
    if extras:
        known = [entry.data for entry in entries]
        for extra in extras:
            entry = _json_entry(extra)
            if entry.data not in known:
                known.append(entry.data)
                entries.append(entry)
    return entries


@final
class _Json:
    """An action's JSON, and whether it is flat (no list or object inside): a copy of a
    flat one is ``dict(data)``. An object, not a tuple, so that the compiled build
    hands it on without making a tuple each time."""

    def __init__(self, data: JSONObject, flat: bool) -> None:
        self.data: Final = data
        self.flat: Final = flat


# An engine's action is an immutable value: its notation and its JSON are functions of
# it, kept per action (equal actions share them) so that an environment does not write
# them again at every step. Each is found first by the action's identity (``id``: an
# engine hands out the same objects position after position, and hashing a dataclass
# costs more than the rest of the look-up), then by equality. An entry by identity holds
# its action, so that its ``id`` is not reused while the entry is kept. Bounded: emptied
# when full. An action that is not hashable is written each time, never kept.
MEMO_SIZE = 1 << 16
_TEXTS: Final[dict[Action, str]] = {}
_JSONS: Final[dict[Action, _Json]] = {}
_TEXTS_BY_ID: Final[dict[int, tuple[Action, str]]] = {}
_JSONS_BY_ID: Final[dict[int, tuple[Action, _Json]]] = {}


def notation_of(action: Action) -> str:
    """``str(action)``, kept per action."""
    hit = _TEXTS_BY_ID.get(id(action))
    if hit is not None and hit[0] is action:
        return hit[1]
    try:
        text = _TEXTS.get(action)
    except TypeError:  # an action that is not hashable: written each time
        return str(action)
    if text is None:
        if len(_TEXTS) >= MEMO_SIZE:
            _TEXTS.clear()
        text = _TEXTS[action] = str(action)
    if len(_TEXTS_BY_ID) >= MEMO_SIZE:
        _TEXTS_BY_ID.clear()
    _TEXTS_BY_ID[id(action)] = (action, text)
    return text


def _json_entry(action: Action) -> _Json:
    hit = _JSONS_BY_ID.get(id(action))
    if hit is not None and hit[0] is action:
        return hit[1]
    try:
        entry = _JSONS.get(action)
    except TypeError:  # an action that is not hashable: written each time
        return _Json(action.to_json(), False)
    if entry is None:
        if len(_JSONS) >= MEMO_SIZE:
            _JSONS.clear()
        data = action.to_json()
        entry = _JSONS[action] = _Json(
            data, not any(isinstance(v, list | dict) for v in data.values()))
    if len(_JSONS_BY_ID) >= MEMO_SIZE:
        _JSONS_BY_ID.clear()
    _JSONS_BY_ID[id(action)] = (action, entry)
    return entry


def action_json(action: Action) -> JSONObject:
    """``action.to_json()``, kept per action and shared: read it, never change it."""
    return _json_entry(action).data


def json_copy(data: JSONObject) -> JSONObject:
    """A copy of an action's JSON (from :func:`action_json`) that its holder may change."""
    return {k: _copy(v) if isinstance(v, list | dict) else v for k, v in data.items()}


def _copy(value: object) -> object:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def mask_of(ids: Iterable[int], count: int) -> Mask:
    """The mask of ``count`` ids with ``ids`` legal (int8, 1 for legal): written byte by
    byte and turned into an array in one numpy call (cheaper than numpy's indexing by a
    list, which converts the list first)."""
    data = bytearray(count)
    for i in ids:
        data[i] = 1
    return np.frombuffer(data, np.int8)


@mypyc_attr(allow_interpreted_subclasses=True)
class Encoding(ABC):
    """One game's encoding at one player count (see the module). Compiled (the compiled
    build), it may be subclassed by interpreted code; a subclass sets ``game`` and
    ``version`` in its ``__init__``: a class attribute would hide them from compiled
    code (docs/architecture.md, "The compiled build")."""

    game: str  # the game's name in the registry
    version: int  # bumped whenever the layout of the vector or the list of ids changes
    players: int
    observation_size: int  # the length of the float32 vector
    action_count: int  # ids are 0 .. action_count - 1
    max_decisions: int = 100_000  # a bound on the ids chosen in one game (all seats)
    layout: Layout  # the vector's fields, offsets and bounds

    def __deepcopy__(self, memo: dict[int, object]) -> Encoding:
        return self  # an encoding is settled at its making: copies of a game share it

    @abstractmethod
    def action_name(self, action_id: int) -> str:
        """What the id means, in words (the documented list)."""

    @abstractmethod
    def start(self, view: JSONObject, legal: Legal) -> Hashable:
        """The acting seat's draft, from its view and its :class:`Legal`."""

    @abstractmethod
    def mask(self, draft: Hashable) -> Mask:
        """The ids legal in ``draft`` (int8, 1 for legal): at least one."""

    def mask_bytes(self, draft: Hashable) -> bytes:
        """The bytes of ``mask(draft)`` (one a legal id, zero otherwise): what a table
        keeps of the acting seat's draft, to check an id and to hand out a fresh mask
        with one numpy call. An encoding may keep them per draft; this one asks
        :meth:`mask`."""
        return self.mask(draft).tobytes()

    @abstractmethod
    def choose(self, draft: Hashable, action_id: int) -> tuple[Hashable, str | None]:
        """The draft after ``action_id`` (legal in ``draft``: ``ValueError`` otherwise),
        and the notation of the action once it is whole, else None."""

    @abstractmethod
    def ids_of(self, view: JSONObject, legal: Legal, action: JSONObject) -> list[int] | None:
        """The ids that compose, from the seat's fresh draft (``start(view, legal)``) and
        in order, the engine action whose JSON (``to_json()``) is ``action``, one the
        seat may take now; read from the action's structure, never by a search. None
        only where the action is beyond one of the encoding's documented caps."""

    @abstractmethod
    def observe(self, view: JSONObject, draft: Hashable | None) -> Observation:
        """The seat's view as the vector (float32, ``observation_size`` long); its own
        draft (None when it is not composing) included."""

    def encode_state(self, state: AnyState, seat: int, draft: Hashable | None) -> Observation:
        """The seat's vector in ``state``, equal to ``observe(state.view(seat), draft)``:
        an encoding whose game has an accessor (``Game.seen``) reads it from the state
        without building the view (see the module); this one builds the view."""
        return self.observe(cast(JSONObject, state.view(seat)), draft)

    def start_state(self, state: AnyState, seat: int,
                    legal: Sequence[Action] | None = None) -> Hashable:
        """The seat's fresh draft in ``state``, equal to ``start(state.view(seat),
        engine_legal(state, seat))``; ``legal``: ``state.legal_actions(seat)`` where the
        caller has it already. An encoding may read it from the state and the engine's
        actions without their JSON; this one reads the view and the JSON."""
        return self.start(cast(JSONObject, state.view(seat)), engine_legal(state, seat))

    def encode_start(self, state: AnyState, seat: int,
                     legal: Sequence[Action]) -> tuple[Observation, Hashable]:
        """The seat's vector without a draft and its fresh draft, equal to
        ``(encode_state(state, seat, None), start_state(state, seat, legal))``
        (``legal``: ``state.legal_actions(seat)``): what an environment reads when the
        seat to act starts a draft. An encoding that reads both from one value of the
        game's accessor reads it once; this one calls both."""
        return self.encode_state(state, seat, None), self.start_state(state, seat, legal)

    def bounds(self) -> tuple[Observation, Observation]:
        """The lowest and highest value of each float of the vector (the bounds of an
        environment's observation space), from the layout."""
        return self.layout.bounds()
