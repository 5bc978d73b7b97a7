"""The learned evaluation of Bohnanza positions (``bohnen/bohnanza/learned``): what it
reads of a seat, how its weights file is checked, and the estimate it gives a search."""

from __future__ import annotations

import importlib.util
import json
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bohnen.bohnanza.learned.features import FEATURES, features
from bohnen.bohnanza.learned.model import (
    FORMAT,
    StageModel,
    ValueModel,
    learned_estimate,
    load,
    parse,
    shipped,
)

from .helpers import BEAN_TABLE, position

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "train_bohnanza_value.py"
WIDTH = len(FEATURES) + 1


def at_turn_start(players: int = 4, **kw: Any) -> Any:
    """A position at the start of seat 0's turn (its hand is never empty there)."""
    return position(players, **{"hands": ["BL"], **kw})


def figures(state: Any, seat: int) -> dict[str, float]:
    return dict(zip(FEATURES, features(state)[seat], strict=True))


def steps(code: str) -> tuple[int, ...]:
    """Beans needed for 1, 2, 3 and 4 talers (of a bean with every step)."""
    needs = BEAN_TABLE[code][2]
    assert all(n is not None for n in needs)
    return tuple(n for n in needs if n is not None)


# --- what it reads of a seat ---------------------------------------------------------------


def _midgame() -> Any:
    return position(4, active=0, talers=[0, 3, 5, 1],
                    fields=["BL4 -", "BL5 SO1", "AU2 RO3 GA1", "FE3 -"],
                    hands=["SA", "BL RO SO RO", "GA", ""])


def test_reads_the_seat_s_talers_and_what_its_fields_pay_now() -> None:
    seat = figures(_midgame(), 1)
    assert seat["talers"] == 3
    # Blaue: 1 taler from 4 beans; one Soja pays nothing yet (decisions.md beanometers)
    assert steps("BL")[0] == 4 and seat["payout"] == 1


def test_reads_how_far_the_seat_s_turn_is_after_the_active_player_s() -> None:
    state = _midgame()
    assert [figures(state, s)[f"later_{k}"] for s in range(4) for k in (1, 2, 3)] == [
        0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]


def test_reads_the_third_field_and_whether_the_seat_can_buy_it() -> None:
    state = _midgame()  # 4 players: the third field costs 3 talers
    assert (figures(state, 1)["can_buy"], figures(state, 1)["third_field"]) == (1, 0)
    assert (figures(state, 3)["can_buy"], figures(state, 3)["third_field"]) == (0, 0)
    assert (figures(state, 2)["can_buy"], figures(state, 2)["third_field"]) == (0, 1)


def test_reads_which_hand_cards_fit_the_seat_s_fields() -> None:
    seat = figures(_midgame(), 1)  # hand BL RO SO RO, fields Blaue and Soja
    assert seat["hand"] == 4 and seat["matching"] == 2
    assert (seat["first_matches"], seat["second_matches"]) == (1, 0)
    assert seat["misfits"] == 1  # Rote, twice


def test_reads_the_beans_its_fields_lack_to_their_next_step_and_its_empty_fields() -> None:
    seat = figures(_midgame(), 1)
    assert seat["to_next_step"] == (steps("BL")[1] - 5) + (steps("SO")[0] - 1)
    assert figures(_midgame(), 0)["empty_fields"] == 1
    assert figures(_midgame(), 2)["empty_fields"] == 0


def test_reads_the_share_of_the_cards_to_come_that_its_fields_grow() -> None:
    state = _midgame()
    data = state.to_json()
    to_come = data["draw_pile"] + [card for p in data["players"] for card in p["hand"]]
    share = to_come.count("FE") / len(to_come)
    assert figures(state, 3)["share_to_come"] == pytest.approx(share)  # grows Feuer only


def test_reads_the_playout_s_estimate_of_its_fields() -> None:
    # four Blaue pay 1 taler; six pay 2, two beans away: half that step counts too
    assert steps("BL")[:2] == (4, 6)
    assert figures(_midgame(), 0)["estimate"] == pytest.approx(1.5)


def test_turns_left_falls_as_the_draw_pile_shrinks() -> None:
    full = figures(at_turn_start(4), 0)["turns_left"]
    short = figures(at_turn_start(4, draw="BL BL BL BL", rest="discard"), 0)["turns_left"]
    assert full > short > 0


def test_turns_left_is_zero_once_the_last_run_out_is_reached() -> None:
    state = at_turn_start(4, last_runout_reached=True, runouts=2)
    assert all(figures(state, s)["turns_left"] == 0 for s in range(4))


# --- the model and its weights file -----------------------------------------------------------


def _weights(bias: float) -> list[float]:
    return [bias, 1.0] + [0.0] * (WIDTH - 2)  # the bias plus the talers


def _data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT, "features": list(FEATURES),
        "models": {"4": {"stages": [2.0], "weights": [_weights(0.5), _weights(10.0)]}}}
    data.update(changes)
    return data


def test_a_seat_s_value_is_the_weights_of_its_stage_of_the_game() -> None:
    model = parse(_data(), "test")
    late = at_turn_start(4, talers=[3, 0, 0, 0], last_runout_reached=True,
                         runouts=2)  # no turn left
    assert model.values(late)[0] == pytest.approx(3.5)
    early = at_turn_start(4, talers=[3, 0, 0, 0])  # many turns left: the last stage
    assert model.values(early)[0] == pytest.approx(13.0)


def test_a_model_has_no_value_for_another_number_of_players() -> None:
    with pytest.raises(ValueError, match="no model for 3 players \\(it has 4\\)"):
        parse(_data(), "test").values(at_turn_start(3))


BAD = [  # a change to a good file, and what the error says
    ({"format": 2}, "test: format must be 1, not 2"),
    ({"features": ["talers"]}, "test: its features are not this version's"),
    ({"models": {}}, "'models' must map a number of players"),
    ({"models": {"6": {"stages": [], "weights": [_weights(0)]}}}, "3 to 5, not '6'"),
    ({"models": {"4": {"stages": [3, 2], "weights": [_weights(0)] * 3}}},
     "4 players: 'stages' must rise"),
    ({"models": {"4": {"stages": [2], "weights": [_weights(0)]}}}, "must hold 2 lists"),
    ({"models": {"4": {"stages": [], "weights": [[1.0, 2.0]]}}},
     f"weights of stage 1 must be {WIDTH} numbers"),
    ({"models": {"4": {"stages": ["x"], "weights": []}}}, "'stages' must be a list of numbers"),
]


@pytest.mark.parametrize(("change", "message"), BAD)
def test_a_weights_file_that_does_not_fit_is_refused_with_its_fault(
        change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse(_data(**change), "test")


def test_an_unreadable_weights_file_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "weights.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match=r"weights\.json: not a readable JSON file"):
        load(path)


def test_the_shipped_weights_cover_every_number_of_players() -> None:
    model = shipped()
    assert sorted(model.models) == [3, 4, 5]
    assert model.trained["bots"] == "heuristic"


def test_the_learned_estimate_scores_tenths_of_talers_and_the_best_wins() -> None:
    state = at_turn_start(4, talers=[2, 9, 4, 0], fields=["BL4 -", "RO5 -", "- -", "SO2 -"])
    values = shipped().values(state)
    result = learned_estimate(state)
    assert result.scores == tuple(round(10 * v) for v in values)
    assert result.winners == (1,)  # nine talers and a full field of Rote, far ahead


def test_more_talers_are_worth_more_at_every_stage() -> None:
    for model in shipped().models.values():
        assert all(w[1 + FEATURES.index("talers")] > 0 for w in model.weights)


def test_a_value_model_is_plain_data() -> None:
    model = ValueModel({4: StageModel((), (tuple(_weights(0)),))}, {})
    assert model.values(at_turn_start(4, talers=[1, 2, 3, 4])) == [1, 2, 3, 4]


# --- the training script -----------------------------------------------------------------------


@cache
def _script() -> ModuleType:
    """scripts/train_bohnanza_value.py as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("train_bohnanza_value", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_training_writes_weights_that_load_and_again_the_same(tmp_path: Path,
                                                              capsys: Any) -> None:
    args = ["--games", "10", "--players", "3", "--workers", "1", "--seed", "4"]
    for name in ("a.json", "b.json"):
        assert _script().main([*args, "--out", str(tmp_path / name)]) == 0
    model = load(tmp_path / "a.json")
    assert sorted(model.models) == [3] and model.trained["games"] == 10
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert "winner picked" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "2"], "Bohnanza is for 3 to 5 players"),
    (["--players", "four"], "a list of numbers of players"),
    (["--games", "2"], "at least 5"),
])
def test_training_refuses_bad_arguments(args: list[str], message: str, capsys: Any) -> None:
    with pytest.raises(SystemExit):
        _script().main(args)
    assert message in capsys.readouterr().err


def test_the_shipped_weights_file_is_what_the_script_writes() -> None:
    data = json.loads(Path(_script().WEIGHTS).read_text(encoding="utf-8"))
    assert data["trained"]["games"] >= 1000
    assert set(data["trained"]["held_out"]) == {"3", "4", "5"}
