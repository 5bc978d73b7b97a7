"""Whose turn it is, drafts and yields, with a test encoding of Nicht die Bohne! that
plays a card in two ids (its colour, then its kind) and may yield in the face-down play
while another seat is still to play."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np
import pytest

from bohnen.core.protocol import JSONObject
from bohnen.core.registry import get_game
from bohnen.rl.aec import BohnenAEC
from bohnen.rl.encoding import Encoding, Legal, Mask, Observation
from bohnen.rl.ndb import NdbEncoding
from bohnen.rl.table import next_seat

YIELD = 17


@dataclass(frozen=True)
class Draft:
    moves: tuple[str, ...]  # the legal notation, yield ("") included where offered
    colour: int | None = None


class TwoStep(NdbEncoding):
    """Ids 0-3: a colour; 4-16: a kind of it; 17: yield; 18-22: take (relative seat)."""

    # the vector and the draft from the view (the ones below), not from ndb's accessor
    encode_state = Encoding.encode_state
    start_state = Encoding.start_state

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.action_count = 23

    def start(self, view: JSONObject, legal: Legal | Sequence[str]) -> Hashable:
        extra = ("",) if view["phase"] == "play" and len(view["to_act"]) > 1 else ()
        if isinstance(legal, Legal):  # the engine's JSON, as the table gives it
            game = get_game("ndb")
            legal = [str(game.action_from_json(a)) for a in legal.actions]
        return Draft(tuple(legal) + extra)

    def _ids(self, draft: Draft) -> dict[int, str]:
        ids: dict[int, str] = {}
        me = int(draft.moves[0].partition(":")[0]) if draft.moves[0] else 0
        for text in draft.moves:
            if text == "":
                ids[YIELD] = ""
            elif " play " in text:
                i = self.codes.index(text.rsplit(" ", 1)[1])
                colour, kind = divmod(i, 13)
                if draft.colour is None:
                    ids[colour] = ""
                elif colour == draft.colour:
                    ids[4 + kind] = text
            else:
                target = int(text.rsplit(" ", 1)[1])
                ids[17 + (target - me) % self.players] = text
        return ids

    def mask(self, draft: Hashable) -> Mask:
        assert isinstance(draft, Draft)
        mask = np.zeros(self.action_count, np.int8)
        mask[list(self._ids(draft))] = 1
        return mask

    def choose(self, draft: Hashable, action_id: int) -> tuple[Hashable, str | None]:
        assert isinstance(draft, Draft)
        ids = self._ids(draft)
        if action_id not in ids:
            raise ValueError(f"action id {action_id} is not legal now")
        if draft.colour is None and action_id < 4:
            return Draft(draft.moves, action_id), None
        return Draft(draft.moves), ids[action_id]

    def observe(self, view: JSONObject, draft: Hashable | None) -> Observation:
        vector = super().observe(view, draft)
        if isinstance(draft, Draft) and draft.colour is not None:
            vector[0] = 10 + draft.colour  # the draft shows (in the phase field, for the test)
        return vector

    def bounds(self) -> tuple[Observation, Observation]:
        low = np.full(self.observation_size, -np.inf, np.float32)
        return low, -low


def test_next_seat_goes_round_the_table() -> None:
    assert next_seat((1, 2, 3), 1, 4) == 2
    assert next_seat((0, 1), 3, 4) == 0
    assert next_seat((0, 2), 2, 4) == 0
    assert next_seat((2,), 2, 4) == 2
    assert next_seat((), 0, 4) is None


def test_a_draft_keeps_the_turn_and_is_the_seats_own() -> None:
    env = BohnenAEC(TwoStep(4))
    env.reset(seed=1)
    before = env.table.state.to_json()
    mask = env.observe("player_0")["action_mask"]
    colour = int(np.flatnonzero(mask[:4])[0])
    env.step(colour)
    assert env.agent_selection == "player_0" and env.table.state.to_json() == before
    assert env.observe("player_0")["observation"][0] == 10 + colour
    assert env.observe("player_1")["observation"][0] != 10 + colour
    kinds = env.observe("player_0")["action_mask"]
    assert not kinds[:4].any() and kinds[4:17].any()
    env.step(int(np.flatnonzero(kinds)[0]))
    assert env.agent_selection == "player_1" and env.table.state.to_json() != before


def test_a_yield_hands_the_turn_on_and_changes_nothing() -> None:
    env = BohnenAEC(TwoStep(4))
    env.reset(seed=1)
    mask = env.observe("player_0")["action_mask"]
    env.step(int(np.flatnonzero(mask[:4])[0]))
    env.step(int(np.flatnonzero(env.observe("player_0")["action_mask"])[0]))
    assert env.agent_selection == "player_1"
    before = env.table.state.to_json()
    assert env.observe("player_1")["action_mask"][YIELD]
    env.step(YIELD)
    assert env.agent_selection == "player_2" and env.table.state.to_json() == before
    assert env.rewards == dict.fromkeys(env.agents, 0.0)
    env.step(YIELD)
    env.step(YIELD)
    assert env.agent_selection == "player_1"


def test_a_bad_id_in_a_draft_changes_nothing() -> None:
    env = BohnenAEC(TwoStep(4))
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.observe("player_0")["action_mask"][:4])[0]))
    with pytest.raises(ValueError, match="not legal"):
        env.step(0 if not env.observe("player_0")["action_mask"][0] else 3)
    assert env.observe("player_0")["observation"][0] >= 10  # the draft is still there
