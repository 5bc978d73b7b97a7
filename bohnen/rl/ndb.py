"""The encoding of Nicht die Bohne! (``ndb``, 3 to 6 players), version 1.

The vector and the ids are the same size at every player count: seats are padded to
six. Seats are *ego-centric*: relative seat 0 is the viewer, relative seat ``r`` the
seat ``r`` places after it in turn order (``(viewer + r) % players``); the slots of
relative seats past the player count stay 0 (``present`` tells which are there).

Card kinds are the 52 codes of the view's legend, colour by colour in the legend's
order (G R Y B), each colour's kinds in the legend's order (1 … 10, ``-``, ``x2``,
``0``): card kind ``c * 13 + k`` is colour ``c``, kind ``k`` (``G1`` is 0, ``B0`` 51).
Codes and names come from the legend in the view, never from the game's package.

**Observation** (float32, 766 long; fields one after the other, a per-seat field holds
six values, or six runs of 52 or 4, relative seat 0 first; ``table`` holds the other
five seats' runs, relative seat 1 first, after the viewer's own card; ``hand`` and
``own_card`` are private, what only the viewer knows):

| field | offset | size | range | meaning |
| --- | --- | --- | --- | --- |
| `phase` | 0 | 4 | 0 .. 1 | one-hot: lead, play, take, over |
| `round` | 4 | 1 | 0 .. 1 | the round being played / the rounds of the game |
| `last_round` | 5 | 1 | 0 .. 1 | 1 in the last round |
| `hand` | 6 | 52 | 0 .. 3 | the viewer's hand: cards of each kind |
| `present` | 58 | 6 | 0 .. 1 | per seat: 1 if the seat is in the game |
| `dealer` | 64 | 6 | 0 .. 1 | per seat: 1 for the dealer of the round |
| `token` | 70 | 6 | 0 .. 1 | per seat: 1 for the token holder (who led the trick) |
| `taker` | 76 | 6 | 0 .. 1 | per seat: 1 for the seat to take next (none outside the taking) |
| `to_act` | 82 | 6 | 0 .. 1 | per seat: 1 if the game waits on it |
| `played` | 88 | 6 | 0 .. 1 | per seat: 1 if it has played a card in this trick |
| `taken` | 94 | 6 | 0 .. 1 | per seat: 1 if its card of this trick has been taken |
| `own_card` | 100 | 52 | 0 .. 1 | the viewer's card in this trick |
| `table` | 152 | 260 | 0 .. 1 | per other seat, 52: its card in this trick, if the viewer sees it |
| `hand_size` | 412 | 6 | 0 .. 1 | per seat: cards in hand / 20 |
| `rows` | 418 | 312 | 0 .. 3 | per seat, 52: the cards of each kind in its rows |
| `row_scores` | 730 | 24 | -1 .. 1 | per seat, 4: a row's score / 110 |
| `rows_score` | 754 | 6 | -1 .. 1 | per seat: its rows' scores added / 440 |
| `totals` | 760 | 6 | -12 .. 12 | per seat: the finished rounds' Summe / 440 |

The score sheet's lines are summed in ``totals``; the scales are a row's highest
score (1 + … + 10, doubled: 110) and four such rows (440); a game has at most 12
rounds. Every action is one id, so there is no draft in the vector.

**Actions** (57 ids): ids 0 … 51 play the card of that kind (``play G1`` … ``play
B0``); ids 52 … 56 take the card of relative seat 1 … 5 (``take from seat +1`` …):
the seat that many places after the viewer in turn order. ``start`` reads the seat's
legal actions as the engine's JSON (a ``play`` names its card, a ``take`` the seat
whose card it takes); ``ids_of`` gives an action's one id, never None.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Final, cast, final

from mypy_extensions import mypyc_attr

from bohnen.core.lazy import load
from bohnen.core.protocol import Action, AnyState, JSONObject
from bohnen.core.registry import get_game
from bohnen.rl.arrays import int8_array
from bohnen.rl.encoding import Encoding, Legal, Mask, Observation, notation_of
from bohnen.rl.layout import Layout
from bohnen.rl.ndb_vector import HAND_SCALE, ROW_SCALE, SCORE_SCALE, SEATS, NdbVector, Row, Seen

__all__ = ["SEATS", "NdbDraft", "NdbEncoding", "Row", "Seen", "running_score"]

PHASES = ("lead", "play", "take", "over")
# entries of each seat's store of drafts before it is emptied: small, since a draft is
# met again only while its seat's actions stay the same objects, and every entry kept is
# objects the garbage collector walks again and again (bohnen.ndb.seen says more)
KEEP = 256  # (not Final: the tests change it)
ACTIONS_KEEP = 4096  # entries of each seat's store of actions (a game's deck and more; the same)
MAX_ROUNDS = 12  # the most rounds a game may have (NdbOptions)


def _layout(cards: int, colours: int) -> Layout:
    seat = "per seat"
    return Layout([
        ("phase", len(PHASES), 0, 1, "one-hot: lead, play, take, over"),
        ("round", 1, 0, 1, "the round being played / the rounds of the game"),
        ("last_round", 1, 0, 1, "1 in the last round"),
        ("hand", cards, 0, 3, "the viewer's hand: cards of each kind", True),
        ("present", SEATS, 0, 1, f"{seat}: 1 if the seat is in the game"),
        ("dealer", SEATS, 0, 1, f"{seat}: 1 for the dealer of the round"),
        ("token", SEATS, 0, 1, f"{seat}: 1 for the token holder (who led the trick)"),
        ("taker", SEATS, 0, 1, f"{seat}: 1 for the seat to take next (none outside the taking)"),
        ("to_act", SEATS, 0, 1, f"{seat}: 1 if the game waits on it"),
        ("played", SEATS, 0, 1, f"{seat}: 1 if it has played a card in this trick"),
        ("taken", SEATS, 0, 1, f"{seat}: 1 if its card of this trick has been taken"),
        ("own_card", cards, 0, 1, "the viewer's card in this trick", True),
        ("table", (SEATS - 1) * cards, 0, 1,
         f"per other seat, {cards}: its card in this trick, if the viewer sees it"),
        ("hand_size", SEATS, 0, 1, f"{seat}: cards in hand / {HAND_SCALE:g}"),
        ("rows", SEATS * cards, 0, 3, f"{seat}, {cards}: the cards of each kind in its rows"),
        ("row_scores", SEATS * colours, -1, 1, f"{seat}, {colours}: a row's score / "
                                                f"{ROW_SCALE:g}"),
        ("rows_score", SEATS, -1, 1, f"{seat}: its rows' scores added / {SCORE_SCALE:g}"),
        ("totals", SEATS, -MAX_ROUNDS, MAX_ROUNDS,
         f"{seat}: the finished rounds' Summe / {SCORE_SCALE:g}"),
    ])


@final
class NdbDraft:
    """The acting seat's choice: its legal ids and, for each, the action's notation. An
    immutable value, equal (and hashed alike) for equal fields; a plain class rather
    than a frozen dataclass, whose making runs the dataclass's Python ``__init__`` even
    compiled (one per step where the seat's actions are new). Its mask's bytes are kept
    on it once asked for (:meth:`NdbEncoding.mask_bytes`: no store to look them up in;
    not a field: neither compared, hashed nor pickled)."""

    def __init__(self, ids: tuple[int, ...], notations: tuple[str, ...]) -> None:
        self.ids: Final = ids
        self.notations: Final = notations
        self.allowed: bytes | None = None  # the mask's bytes, once made

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, NdbDraft) and self.ids == other.ids
                and self.notations == other.notations)

    def __hash__(self) -> int:
        return hash((self.ids, self.notations))

    def __repr__(self) -> str:
        return f"NdbDraft(ids={self.ids!r}, notations={self.notations!r})"

    def __reduce__(self) -> tuple[type[NdbDraft], tuple[tuple[int, ...], tuple[str, ...]]]:
        """Pickled by its fields."""
        return NdbDraft, (self.ids, self.notations)


@mypyc_attr(allow_interpreted_subclasses=True)
class NdbEncoding(Encoding):
    """Nicht die Bohne! at ``players`` players (see the module for the layout)."""

    game = "ndb"
    version = 1

    def __init__(self, players: int) -> None:
        game = get_game(self.game)
        if not (type(players) is int and game.min_players <= players <= game.max_players):
            raise ValueError(f"ndb is played by {game.min_players} to {game.max_players} "
                             f"players, not {players!r}")
        self.players = players
        view = game.new_game(game.options(players), 0).view(0)
        self._legend: JSONObject = view["legend"]
        colours = [c["code"] for c in self._legend["colours"]]
        kinds = [k["code"] for k in self._legend["kinds"]]
        self.codes: tuple[str, ...] = tuple(c + k for c in colours for k in kinds)
        self.layout = _layout(len(self.codes), len(colours))
        self.observation_size = self.layout.size
        self.take_base = len(self.codes)
        self.action_count = self.take_base + SEATS - 1
        # per viewer, the id and notation of each action, by what its JSON names
        self._known = [self._entries(me) for me in range(players)]
        # per viewer, the id and notation of each action by its notation
        self._by_text = [{entry[1]: entry for entry in known.values()}
                         for known in self._known]
        # per viewer, by the identity of an engine action seen, the action and its entry
        self._by_action: list[dict[int, tuple[Action, tuple[int, str]]]] = [
            {} for _ in range(players)]
        # per viewer, its drafts by the identities of the actions they were read from
        self._drafts: list[dict[tuple[int, ...], tuple[tuple[Action, ...], NdbDraft]]] = [
            {} for _ in range(players)]
        self._own_mask = type(self).mask is not NdbEncoding.mask  # a subclass's mask
        self._vector = NdbVector(players, self.codes, len(colours),
                                 [(f.name, f.size) for f in self.layout.fields])
        if game.seen is None:
            raise ValueError("ndb names no accessor of what a seat sees (Game.seen)")
        self._seen = cast(Callable[[AnyState, int], Seen], load(game.seen))
        self._of_view = cast(Callable[[JSONObject], Seen],
                             load(f"{game.seen.partition(':')[0]}:of_view"))

    def __getstate__(self) -> int:
        return self.players

    def __setstate__(self, players: int) -> None:
        self.__init__(players)  # type: ignore[misc]

    def action_name(self, action_id: int) -> str:
        if 0 <= action_id < self.take_base:
            return f"play {self.codes[action_id]}"
        if self.take_base <= action_id < self.action_count:
            return f"take from seat +{action_id - self.take_base + 1}"
        raise ValueError(f"no action id {action_id!r}: ids are 0 to {self.action_count - 1}")

    # -- actions ------------------------------------------------------------------

    def start(self, view: JSONObject, legal: Legal) -> Hashable:
        me = self._check(view)
        pairs = sorted(self._entry(me, action) for action in legal.actions)
        return NdbDraft(tuple(i for i, _ in pairs), tuple(t for _, t in pairs))

    def ids_of(self, view: JSONObject, legal: Legal, action: JSONObject) -> list[int] | None:
        """Every action of the game is one id: never None."""
        return [self._entry(self._check(view), action)[0]]

    def _entries(self, me: int) -> dict[tuple[object, object], tuple[int, str]]:
        """Per action of ``me`` as its JSON names it (type, card or owner), its id and
        notation."""
        out: dict[tuple[object, object], tuple[int, str]] = {
            ("play", code): (i, f"{me}: play {code}") for i, code in enumerate(self.codes)}
        for s in range(self.players):
            if s != me:
                out["take", s] = (self.take_base + (s - me) % self.players - 1, f"{me}: take {s}")
        return out

    def _entry(self, me: int, action: JSONObject) -> tuple[int, str]:
        """The id and notation of the action whose JSON is ``action``."""
        kind = action.get("type")
        key = (kind, action.get("card") if kind == "play" else action.get("owner"))
        entry = self._known[me].get(key) if action.get("seat") == me else None
        if entry is None:
            raise ValueError(f"not an action of seat {me} in ndb: {action!r}")
        return entry

    def start_state(self, state: AnyState, seat: int,
                    legal: Sequence[Action] | None = None) -> Hashable:
        """The seat's draft read from the engine's actions, kept by the actions' identity
        (the engine hands out the same objects position after position; the entry holds
        them, so that their ids are not reused while it is kept; bounded: emptied when
        full): the same list of actions gives the same draft object."""
        actions = list(state.legal_actions(seat) if legal is None else legal)
        actions += state.any_time_actions(seat)
        key = tuple([id(action) for action in actions])
        drafts = self._drafts[seat]
        kept = drafts.get(key)
        if kept is None:
            draft = self._draft_of(seat, actions)
            if len(drafts) >= KEEP:
                drafts.clear()
            kept = drafts[key] = (tuple(actions), draft)
        return kept[1]

    def _draft_of(self, seat: int, actions: list[Action]) -> NdbDraft:
        """The seat's draft of ``actions``: each action's id and notation found by the
        action's identity, else by its notation."""
        memo = self._by_action[seat]
        slots: list[str | None] = [None] * self.action_count  # the notation of each id
        for action in actions:
            hit = memo.get(id(action))
            entry = hit[1] if hit is not None and hit[0] is action else self._entry_of(
                memo, seat, action)
            slots[entry[0]] = entry[1]
        ids: list[int] = []
        notations: list[str] = []
        for i, text in enumerate(slots):  # in the order of the ids: no sort
            if text is not None:
                ids.append(i)
                notations.append(text)
        return NdbDraft(tuple(ids), tuple(notations))

    def _entry_of(self, memo: dict[int, tuple[Action, tuple[int, str]]], seat: int,
                  action: Action) -> tuple[int, str]:
        """The id and notation of ``action`` by its notation, kept in ``memo`` by its
        identity (the entry holds the action, so that its ``id`` is not reused while it
        is kept; bounded: emptied when full)."""
        entry = self._by_text[seat].get(notation_of(action))
        if entry is None:
            raise ValueError(f"not an action of seat {seat} in ndb: {action}")
        if len(memo) >= ACTIONS_KEEP:
            memo.clear()
        memo[id(action)] = (action, entry)
        return entry

    def mask(self, draft: Hashable) -> Mask:
        return int8_array(self.mask_bytes(draft))

    def mask_bytes(self, draft: Hashable) -> bytes:
        """The mask's bytes, kept on the draft once made (every ndb encoding has as many
        ids); a subclass's own :meth:`mask`, where it has one."""
        if self._own_mask:
            return super().mask_bytes(draft)
        d = _draft(draft)
        allowed = d.allowed
        if allowed is None or len(allowed) != self.action_count:
            data = bytearray(self.action_count)
            for i in d.ids:
                data[i] = 1
            allowed = d.allowed = bytes(data)
        return allowed

    def choose(self, draft: Hashable, action_id: int) -> tuple[Hashable, str | None]:
        d = _draft(draft)
        if action_id not in d.ids:
            raise ValueError(f"action id {action_id!r} is not legal now; legal ids: "
                             f"{', '.join(map(str, d.ids))}")
        return d, d.notations[d.ids.index(action_id)]

    # -- the vector ----------------------------------------------------------------

    def _check(self, view: JSONObject) -> int:
        """The viewer's seat, once the view is known to be an ndb view of this encoding."""
        if view.get("game") != self.game or len(view.get("players", ())) != self.players:
            raise ValueError(f"not a view of a {self.players}-player ndb game")
        if view["legend"] is not self._legend and view["legend"] != self._legend:
            raise ValueError("the view's legend is not the one this encoding was made for")
        seat = view.get("seat")
        if type(seat) is not int:
            raise ValueError("a spectator's view has no seat to encode for")
        return seat

    def observe(self, view: JSONObject, draft: Hashable | None) -> Observation:
        self._check(view)
        return self.observe_seen(self._of_view(view))

    def encode_state(self, state: AnyState, seat: int, draft: Hashable | None) -> Observation:
        """The seat's vector from the game's accessor, without the view."""
        return self.observe_seen(self._seen(state, seat))

    def observe_seen(self, seen: Seen) -> Observation:
        """The vector of what a seat sees (the accessor's value, or one read from the
        view): :class:`~bohnen.rl.ndb_vector.NdbVector`."""
        return self._vector.vector(seen)

    def bounds(self) -> tuple[Observation, Observation]:
        return self.layout.bounds()


def _draft(draft: Hashable) -> NdbDraft:
    if not isinstance(draft, NdbDraft):
        raise ValueError(f"not a draft of the ndb encoding: {draft!r}")
    return draft


def running_score(view: JSONObject, seat: int) -> float:
    """The seat's score if the round ended now (its finished rounds and its rows), from a
    spectator's view: a potential for the environments' optional shaped reward."""
    return float(view["totals"][seat] + view["players"][seat]["rows_score"])
