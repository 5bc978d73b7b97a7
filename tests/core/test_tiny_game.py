"""Tiny Beans (tests/tinybeans), the test-only game that follows the walk-through of
docs/architecture.md.

Registered for each test (the fixture ``with_test_games``), it passes the conformance
suite through the protocol alone, its rules hold (built with its position builder),
its views hide what they must, its bot is found by name, and a leak in its views
shows in its golden playthrough.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import grimp
import pytest

from bohnen.bots import make_bot
from bohnen.core import (
    GameError,
    GameRecord,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    get_game,
)
from bohnen.core.conformance import Report, Settings, run_conformance
from bohnen.core.playthrough import playthrough
from bohnen.sim.runner import play_game
from tinybeans import GAME, TinyOptions, TinyState
from tinybeans.actions import Keep, Play
from tinybeans.builder import build, cards
from tinybeans.cards import Card
from tinybeans.data import Phase
from tinybeans.events import Drew, GameEnded, Kept, Played, Revealed
from tinybeans.rules import apply as rules_apply
from tinybeans.views import view

pytestmark = pytest.mark.usefixtures("with_test_games")

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
LIGHT = Settings(deep_rate=0.02)
DEEP = Settings(deep_rate=0.3)


def _cases() -> list[Any]:
    return [pytest.param(players, index, id=f"{players}p-set{index}")
            for players in range(GAME.min_players, GAME.max_players + 1)
            for index in range(len(GAME.option_sets(players)))]


def _exercised(report: Report) -> None:
    assert report.games > 0 and report.actions > report.games
    assert report.deep_checks > report.games
    assert report.probes > 0 and report.rejected > 0 and report.accepted_probes > 0
    assert report.hidden_differences > 0, "determinize never re-dealt anything hidden"
    assert report.quiet_moves > 0 and report.swaps > 0


@pytest.mark.parametrize(("players", "index"), _cases())
def test_random_games_keep_every_promise(players: int, index: int) -> None:
    game = get_game("tinybeans")  # through the registry, as every layer finds it
    options = game.option_sets(players)[index]
    run_conformance(game, options, range(40), LIGHT)
    _exercised(run_conformance(game, options, range(1000, 1010), DEEP))


def _c(code: str) -> Card:
    return cards(code)[0]


def test_the_highest_card_wins_the_trick_or_the_lowest() -> None:
    for lowest, winner in ((False, 1), (True, 0)):
        state = build(TinyOptions(players=3, lowest_wins=lowest),
                      played={0: "B2", 2: "B5"}, hands={1: "B9 B10 B11"})
        events = state.apply(Play(1, _c("B9")))
        assert events == [Played(1, _c("B9")), Revealed(cards("B2 B9 B5"), winner)]
        assert state.phase == Phase.KEEP and state.to_act() == (winner,)


def test_keeping_a_card_discards_the_others_and_everyone_draws_winner_first() -> None:
    state = build(TinyOptions(players=2), played={0: "B7", 1: "B11"},
                  draw_pile="B1 B2 B3 B4 B5 B6")
    events = state.apply(Keep(1, _c("B7")))
    assert events == [Kept(1, _c("B7"), cards("B11")), Drew(1, _c("B1")), Drew(0, _c("B2"))]
    assert state.kept == [(), cards("B7")] and state.discard == cards("B11")
    assert state.draw_pile == cards("B3 B4 B5 B6")
    assert all(len(hand) == 3 for hand in state.hands)
    assert state.phase == Phase.PLAY and state.turn == 2 and state.to_act() == (0, 1)
    assert [event.reveals for event in events] == [False, True, True]


def test_without_a_card_for_everyone_nobody_draws_and_the_last_trick_ends_the_game() -> None:
    state = build(TinyOptions(players=4), kept={0: "B3", 1: "B7"},
                  played={0: "B1", 1: "B2", 2: "B4", 3: "B5"})
    assert state.turn == 3 and state.draw_pile == () and state.to_act() == (3,)
    events = state.apply(Keep(3, _c("B5")))
    assert events == [Kept(3, _c("B5"), cards("B1 B2 B4")), GameEnded((3, 1, 0, 2), (0,))]
    assert state.is_over and state.to_act() == ()
    assert state.result().scores == (3, 1, 0, 2) and state.result().winners == (0,)


@pytest.mark.parametrize(("action", "reason"), [
    (Play(0, Card(12)), "the seat has played its card in this trick"),
    (Play(1, Card(12)), "the card is not in the seat's hand"),
    (Keep(1, Card(2)), "a card is kept once the trick is turned up"),
])
def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing(
        action: Any, reason: str) -> None:
    state = build(TinyOptions(players=2), hands={0: "B12 B1", 1: "B2 B5 B6"},
                  played={0: "B3"})
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=rf"seat {action.seat}: .* is illegal: {reason}"):
        state.apply(action)
    assert state.to_json() == before


def test_only_the_winner_keeps_and_only_a_card_of_the_trick() -> None:
    state = build(TinyOptions(players=2), played={0: "B3", 1: "B8"})
    with pytest.raises(IllegalActionError, match="seat 1 won the trick and keeps"):
        state.apply(Keep(0, Card(3)))
    with pytest.raises(IllegalActionError, match="the card is not in the trick"):
        state.apply(Keep(1, Card(4)))
    with pytest.raises(IllegalActionError, match="cards are played at the start of a trick"):
        state.apply(Play(0, state.hands[0][0]))


@pytest.mark.parametrize("text", ["0: plant B1", "0: play B13", "x: play B1", "0: play",
                                  "0 play B1", "0: keep B1 B2"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidActionError):
        GAME.parse_action(text)


def test_a_seat_sees_its_own_cards_only_until_the_trick_is_turned_up() -> None:
    state = build(TinyOptions(players=3), hands={0: "B1 B2"}, played={0: "B12", 1: "B7"})
    mine, other, spectator = state.view(0), state.view(1), state.view(None)
    assert mine["players"][0]["hand"] == ["B1", "B2"] and mine["players"][0]["card"] == "B12"
    assert other["players"][0] == {**mine["players"][0], "hand": None, "card": None}
    assert other["players"][1]["card"] == "B7" and mine["players"][1]["card"] is None
    assert all(p["hand"] is None and p["card"] is None for p in spectator["players"])
    state.apply(Play(2, state.hands[2][0]))
    assert [p["card"] for p in state.view(None)["players"]] == [
        "B12", "B7", f"B{state.played[2]}"]


def test_the_builder_deals_what_is_not_named_and_refuses_what_no_game_reaches() -> None:
    state = build(TinyOptions(players=2, hand_size=2), hands={0: "B12 B5"}, played={1: "B9"},
                  kept={1: "B3"}, seed=4)
    assert state.turn == 2 and state.to_act() == (0,) and len(state.discard) == 1
    assert len(state.hands[1]) == 1 and len(state.draw_pile) == 6
    assert build(TinyOptions(players=2, hand_size=2), hands={0: "B12 B5"}, played={1: "B9"},
                 kept={1: "B3"}, seed=4).to_json() == state.to_json()  # seeded
    with pytest.raises(ValueError, match="B5 is named twice"):
        build(hands={0: "B5 B6 B7"}, kept={1: "B5"})
    with pytest.raises(ValueError, match=r"no Tiny Beans game reaches .* seat 0 holds 2 cards"):
        build(hands={0: "B5 B6"})
    with pytest.raises(ValueError, match="hands names seat 3 of a 3-player game"):
        build(hands={3: "B1"})


def test_a_saved_state_of_another_version_is_refused_clearly() -> None:
    data = GAME.new_game(GAME.options(3), 5).to_json()
    assert GAME.state_from_json(data).to_json() == data
    with pytest.raises(RecordError, match="a saved state of Tiny Beans version 0; this "
                                          "engine reads version 1"):
        GAME.state_from_json({**data, "version": 0})
    hands = data["hands"]
    moved = [hands[0] + hands[1][:1], hands[1][1:], hands[2]]
    with pytest.raises(RecordError, match="bad Tiny Beans state: seat 0 holds 4 cards after "
                                          "0 tricks, not 3"):
        GAME.state_from_json({**data, "hands": moved})


def test_its_bot_is_found_by_name_and_plays_better_than_chance() -> None:
    game = get_game("tinybeans")
    options = game.options(4)
    share = 0.0
    for seed in range(300):
        bots = [make_bot("heuristic", game)] + [make_bot("random", game) for _ in range(3)]
        result = play_game(game, options, seed, bots).result
        share += (0 in result.winners) / len(result.winners)
    assert share / 300 > 0.3  # a fair share is 0.25


def test_a_leak_in_a_view_shows_in_the_golden_playthrough(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The checked-in playthrough shows each hand to its owner only; a view that shows
    every hand to everyone changes it where the leak is."""
    path = GOLDEN / "tinybeans-3p-random.json"
    record = GameRecord.load(path)
    checked_in = (GOLDEN / "playthroughs" / "tinybeans-3p-random.txt").read_text("utf-8")
    assert playthrough(record, path.stem, "random") == checked_in
    assert "  view * players[1].hand = [" not in checked_in

    def leaky(state: TinyState, seat: int | None) -> Any:
        seen = view(state, seat)
        for player in seen["players"]:
            player["hand"] = [f"B{card}" for card in state.hands[player["seat"]]]
        return seen

    monkeypatch.setattr("tinybeans.state._view", leaky)  # what TinyState.view calls
    leaked = playthrough(record, path.stem, "random")
    assert leaked != checked_in
    assert "  view * players[1].hand = [" in leaked


def test_a_game_error_names_the_action() -> None:
    state = GAME.new_game(GAME.options(2), 1)
    with pytest.raises(GameError, match=r"0: play B\d+ is illegal"):
        card = next(c for c in range(1, 13) if Card(c) not in state.hands[0])
        state.apply(Play(0, Card(card)))


# The layout of the walk-through (docs/architecture.md): each module imports only modules of its own
# level or below (and no cycle), the heuristic bot only what a view shows.
LEVELS = [{"cards", "options", "view_types"}, {"data"}, {"actions", "events"}, {"rules"},
          {"legal", "views", "audit", "serialize", "determinize"},
          {"search", "state", "builder"}, {"game"}, {""}]
BOT_READS = {"cards", "actions", "view_types"}


def _level(module: str) -> int:
    return next(i for i, level in enumerate(LEVELS) if module in level)


def test_its_modules_import_one_way() -> None:
    graph = grimp.build_graph("tinybeans", cache_dir=None)
    imports = {m.removeprefix("tinybeans").lstrip("."): {
        i.removeprefix("tinybeans").lstrip(".")
        for i in graph.find_modules_directly_imported_by(m) if i.startswith("tinybeans")}
        for m in graph.modules}
    for module, imported in imports.items():
        if module.startswith("heuristic"):
            outside = {i for i in imported if not i.startswith("heuristic")}
            assert outside <= BOT_READS, f"the bot's {module} imports {outside - BOT_READS}"
            continue
        for other in imported:
            assert not other.startswith("heuristic"), f"{module} imports the bot"
            assert _level(other) <= _level(module), f"{module} imports {other}, above it"
    assert _cycle(imports) is None, f"an import cycle: {' -> '.join(_cycle(imports) or [])}"


def _cycle(imports: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``imports`` (module -> modules it imports), or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module):], module]
        if module in done:
            return None
        for other in sorted(imports.get(module, ())):
            found = visit(other, [*path, module])
            if found:
                return found
        done.add(module)
        return None

    return next((c for m in sorted(imports) if (c := visit(m, [])) is not None), None)


def test_the_cycle_finder_finds_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_a_view_sharing_a_list_with_the_state_still_shows_its_changes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The playthrough keeps a copy of each view: a view that hands out a list the state
    then changes in place (as a careless game might) still shows each change."""
    history: list[str] = []

    def noting(state: TinyState, action: Any) -> Any:
        history.append(str(action))
        return rules_apply(state, action)

    def sharing(state: TinyState, seat: int | None) -> Any:
        return {**view(state, seat), "history": history}

    monkeypatch.setattr("tinybeans.state._apply", noting)
    monkeypatch.setattr("tinybeans.state._view", sharing)
    record = GameRecord.load(GOLDEN / "tinybeans-3p-random.json")
    text = playthrough(record, "shared")
    assert f"  view * history += [{record.actions[1]!r}]".replace("'", '"') in text
