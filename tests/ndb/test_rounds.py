"""Rounds and the end of the game ("FIN DE LA PARTIE")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bohnen.core import GameRecord, IllegalActionError, replay
from bohnen.ndb import NdbState, stacked_deck
from bohnen.ndb.actions import NdbAction
from bohnen.ndb.events import NdbEvent

from .helpers import (
    DECK,
    GAME,
    HAND_SIZES,
    JSON,
    SHEET_ROUND,
    finish_trick,
    hand,
    last_trick,
    play_randomly,
    public,
    random_game,
    refused,
    rows,
    sheet_line,
    spectator,
)


def round_starts(players: int, seed: int) -> list[JSON]:
    """What each round's start shows (dealer, token, hands), rounds 1 to 3."""
    state = GAME.new_game(GAME.options(players), seed)
    starts: list[JSON] = []

    def record(state_now: NdbState) -> None:
        view = public(state_now)
        starts.append({"dealer": view["dealer"], "token": view["token"],
                       "to_act": list(state.to_act()), "phase": view["phase"],
                       "sizes": [p["hand_size"] for p in view["players"]],
                       "rows": [sum(map(len, rows(state, s))) for s in range(players)],
                       "cards": Counter(c for s in range(players) for c in hand(state, s))})

    record(state)
    rounds_seen = 1

    def at_new_round(state_now: NdbState, action: NdbAction, events: list[NdbEvent]) -> None:
        nonlocal rounds_seen
        if public(state_now)["round"] > rounds_seen and not state.is_over:
            rounds_seen += 1
            record(state_now)

    play_randomly(state, random.Random(seed), each=at_new_round)
    return starts


@pytest.mark.parametrize("players", [3, 4, 6])
def test_three_rounds_with_the_dealer_moving_clockwise(players: int) -> None:
    """« La partie se joue en trois manches. » — decisions.md: the dealer moves one seat
    clockwise each round and the player left of the dealer leads first; the whole
    deck is dealt again."""
    starts = round_starts(players, seed=players)
    first = players - 1
    assert [s["dealer"] for s in starts] == [first, 0, 1]
    assert [s["token"] for s in starts] == [0, 1, 2]
    for start in starts:
        assert start["to_act"] == [start["token"]]
        assert start["phase"] == "lead"
        assert start["sizes"] == [HAND_SIZES[players]] * players
        assert start["rows"] == [0] * players
        assert start["cards"] == Counter(DECK)


def test_rounds_are_announced_with_dealer_and_token() -> None:
    """« Le joueur le plus âgé … distribuera les cartes … pour le premier tour » — the
    later deals are announced by a ``round_started`` event."""
    _, events = random_game(5, seed=2)
    starts = [e for e in spectator(events) if e["event"] == "round_started"]
    assert starts == [{"event": "round_started", "round": r, "dealer": r - 2,
                       "leader": r - 1} for r in (2, 3)]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_game_always_ends_after_three_rounds(players: int) -> None:
    """« La partie se joue en trois manches. »"""
    for seed in range(3):
        state, events = random_game(players, seed)
        seen = spectator(events)
        assert state.is_over
        assert [e["round"] for e in seen if e["event"] == "round_scored"] == [1, 2, 3]
        assert sum(e["event"] == "led" for e in seen) == 3 * HAND_SIZES[players]
        assert seen[-1]["event"] == "game_ended"
        assert len(public(state)["sheet"]) == 3
        assert state.to_act() == ()
        assert all(state.legal_actions(s) == [] for s in range(players))
        with pytest.raises(IllegalActionError):
            state.apply(GAME.parse_action("0: take 1"))


def test_a_round_ends_when_every_card_is_played() -> None:
    """« La manche est finie lorsque chaque joueur a posé sa dernière carte et qu'il a
    devant lui les différentes rangées » — and then it is counted."""
    state = last_trick(SHEET_ROUND, rounds=3)
    assert public(state)["sheet"] == []
    events = spectator(finish_trick(state))
    kinds = [e["event"] for e in events]
    assert kinds.index("round_scored") == kinds.index("took") + 3
    assert kinds[kinds.index("round_scored") + 1] == "round_started"
    assert public(state)["round"] == 2
    assert sheet_line(state, 0) == (37, 13, 24)


def test_the_total_of_the_three_summe_decides() -> None:
    """« Pour chaque joueur, on fera donc le total des trois colonnes Somme correspondant
    à son nom. Le joueur qui totalise le meilleur score a gagné. »"""
    for seed in range(6):
        state, events = random_game(4, seed)
        view = public(state)
        totals = [sum(lines[s]["total"] for lines in view["sheet"]) for s in range(4)]
        result = state.result()
        assert list(result.scores) == totals == view["totals"]
        assert result.winners == tuple(s for s in range(4) if totals[s] == max(totals))
        assert spectator(events)[-1] == {"event": "game_ended", "scores": totals,
                                         "winners": list(result.winners)}
        for lines in view["sheet"]:
            assert all(ln["total"] == ln["plus"] - ln["minus"] for ln in lines)


def test_the_last_round_completes_the_totals() -> None:
    """The third « Somme » is added to the two before: a position in the last trick of
    the third round, the first two rounds on the sheet."""
    earlier = [[(10, 0, 10), (0, 5, -5), (3, 3, 0)], [(0, 20, -20), (8, 0, 8), (1, 0, 1)]]
    state = last_trick(SHEET_ROUND, round=3, sheet=earlier)
    finish_trick(state)
    assert state.is_over
    assert list(state.result().scores) == [10 - 20 + 24, -5 + 8 - 37, 0 + 1 - 36]
    assert state.result().winners == (0,)


def test_ties_share_the_win() -> None:
    """decisions.md: « ties share the win » (the text names one winner and no
    tie-break)."""
    earlier = [[(0, 0, 0), (40, 0, 40), (0, 0, 0)], [(5, 0, 5), (26, 0, 26), (0, 9, -9)]]
    state = last_trick(SHEET_ROUND, round=3, sheet=earlier)
    finish_trick(state)
    result = state.result()
    assert result.scores == (29, 29, -45)
    assert result.winners == (0, 1)


def test_no_result_before_the_end() -> None:
    """The winner is known only after the third round."""
    state = last_trick(SHEET_ROUND, round=2, sheet=[[(0, 0, 0)] * 3])
    with pytest.raises(IllegalActionError):
        state.result()
    finish_trick(state)
    assert not state.is_over
    assert public(state)["result"] is None


def test_rounds_option() -> None:
    """Option ``rounds`` (the text plays three; a shorter game for studies)."""
    state, events = random_game(3, seed=1, rounds=1)
    assert [e["round"] for e in spectator(events) if e["event"] == "round_scored"] == [1]
    assert state.is_over
    for bad in (0, 13, "3"):
        with pytest.raises(ValueError, match="rounds"):
            GAME.options(3, rounds=bad)
    assert GAME.options(4).rounds == 3


def test_records_replay_a_whole_game() -> None:
    """A record (options, seed, deck, actions in notation) replays the game exactly."""
    opts = GAME.options(4)
    deck = stacked_deck(["R7 B- Gx2 Y0"], 6, players=4)
    state = GAME.new_game(opts, 6, deck)
    actions: list[str] = []
    play_randomly(state, random.Random(6),
                  each=lambda s, action, events: actions.append(str(action)))
    record = GameRecord("ndb", GAME.version, opts.to_json(), 6, actions, deck,
                        state.result())
    again = replay(GameRecord.from_json(record.to_json()))
    assert isinstance(again, NdbState)
    assert again.to_json() == state.to_json()
    refused(again, "0: play R7")
