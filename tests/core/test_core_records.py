"""Game records, results and the registry: clear errors for every bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bohnen.core import GameRecord, RecordError, Result, game_names, get_game, replay
from bohnen.core.conformance import play_plain


def _record(**changes: Any) -> dict[str, Any]:
    """The JSON of a short finished game's record, with ``changes`` applied."""
    game = get_game("bohnanza")
    options = game.options(3)
    trace = play_plain(game, options, 7)
    record = GameRecord(game.name, game.version, options.to_json(), 7, trace.actions,
                        None, trace.result)
    data = record.to_json()
    data.update(changes)
    return data


def _write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_saved_record_loads_and_replays(tmp_path: Path) -> None:
    record = GameRecord.from_json(_record())
    path = tmp_path / "saved.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    assert replay(loaded).result() == record.result


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"cannot read .*nothing\.json"):
        GameRecord.load(tmp_path / "nothing.json")


def test_a_directory_is_not_a_record(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="is not a regular file"):
        GameRecord.load(tmp_path)


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00\x9c")
    with pytest.raises(RecordError, match="not a UTF-8 text file"):
        GameRecord.load(path)


def test_bad_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{\n "game": "bohnanza",\n oops\n}', encoding="utf-8")
    with pytest.raises(RecordError, match=r"not valid JSON: .*\(line 3, column 2\)"):
        GameRecord.load(path)


@pytest.mark.parametrize("data", [[], "record", 3, None])
def test_a_record_is_an_object(tmp_path: Path, data: Any) -> None:
    with pytest.raises(RecordError, match="must be a JSON object"):
        GameRecord.load(_write(tmp_path, data))


def test_an_unknown_field_is_named(tmp_path: Path) -> None:
    """A record whose « deck » became « dec[ » (one byte changed) was read as if it had
    no deck: a misspelt field is refused, naming it, not ignored."""
    data = _record()
    data["dec["] = data.pop("deck", None)
    with pytest.raises(RecordError, match=r"unknown field\(s\) 'dec\['"):
        GameRecord.load(_write(tmp_path, data))


@pytest.mark.parametrize("key", ["game", "options", "seed", "actions"])
def test_missing_keys_are_named(tmp_path: Path, key: str) -> None:
    data = _record()
    del data[key]
    with pytest.raises(RecordError, match=f"record lacks {key}"):
        GameRecord.load(_write(tmp_path, data))


@pytest.mark.parametrize(("changes", "message"), [
    ({"actions": "0: plant 0"}, "'actions' must be a list of notation strings"),
    ({"actions": [1, 2]}, "'actions' must be a list of notation strings"),
    ({"options": [3]}, "'options' must be an object"),
    ({"seed": "7"}, "'seed' must be a whole number"),
    ({"seed": True}, "'seed' must be a whole number"),
    ({"seed": -1}, r"'seed' must be a whole number from 0 to 2\*\*64 - 1 .*not -1"),
    ({"seed": 2**64 + 7}, "'seed' must be a whole number from 0 to 2"),
    ({"seed": 1.0}, "'seed' must be a whole number"),
    ({"game": ["bohnanza"]}, "'game' must be a game's name"),
    ({"deck": "RO"}, "'deck' must be a list or null"),
    ({"result": {"scores": [1]}}, "record 'result'"),
])
def test_badly_typed_fields(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(_record(**changes))


def test_unknown_game_lists_the_known_ones() -> None:
    record = GameRecord.from_json(_record(game="schach"))
    with pytest.raises(RecordError, match=r"unknown game 'schach'; known games: .*bohnanza"):
        replay(record)


def test_another_version_is_refused() -> None:
    record = GameRecord.from_json(_record(version=999))
    with pytest.raises(RecordError, match="version 999"):
        replay(record)


def test_bad_options_are_named() -> None:
    options = dict(_record()["options"], players=9)
    with pytest.raises(RecordError, match=r"record options: .*players"):
        replay(GameRecord.from_json(_record(options=options)))


def test_bad_deck_is_refused() -> None:
    with pytest.raises(RecordError, match="record deck"):
        replay(GameRecord.from_json(_record(deck=["RO"] * 104)))


def test_a_seed_out_of_range_in_a_record_made_in_code_is_refused() -> None:
    record = GameRecord.from_json(_record())
    record.seed = 2**64 + 7  # the same game as seed 7, were it folded into range
    with pytest.raises(RecordError, match=r"record 'seed' must be .* not 18446744073709551623"):
        replay(record)


@pytest.mark.parametrize("deck", [
    [["RO"]] * 104,  # a list of lists
    [{"bean": "RO"}] * 104,
    [1.5] * 104,
    [True] * 104,
    [10**5000] * 104,
    list(range(104)),
    ["RO"] * 10**5,
], ids=["lists", "objects", "floats", "bools", "huge-ints", "indices", "too-long"])
def test_a_deck_of_the_wrong_shape_or_types_is_refused(deck: list[Any]) -> None:
    with pytest.raises(RecordError, match="record deck"):
        replay(GameRecord(**{**_fields(), "deck": deck}))


def _fields() -> dict[str, Any]:
    record = GameRecord.from_json(_record())
    return {"game": record.game, "version": record.version, "options": record.options,
            "seed": record.seed, "actions": record.actions, "result": record.result}


def _hansa_record(**options: Any) -> GameRecord:
    game = get_game("hansa")
    trace = play_plain(game, game.options(3), 5)
    return GameRecord("hansa", game.version, {**game.options(3).to_json(), **options}, 5,
                      trace.actions, None, trace.result)


@pytest.mark.parametrize(("options", "named"), [
    ({"board_digest": 5}, "board_digest"),
    ({"board_digest": ["x"]}, "board_digest"),
    ({"board_digest": {}}, "board_digest"),
    ({"board": 7}, "board"),
    ({"board": "a\u0000b"}, "board"),
    ({"board": "x" * 100_000}, "board"),
    ({"reshuffle_contracts": "no"}, "reshuffle_contracts"),
    ({"players": True}, "players"),
    ({"proposal_size": 1.0}, "proposal_size"),
    ({"max_proposals_per_turn": 10**5000}, "max_proposals_per_turn"),
    ({"start_tie_break": ["random"]}, "start_tie_break"),
])
def test_a_tampered_hansa_record_s_options_are_refused(options: dict[str, Any],
                                                       named: str) -> None:
    with pytest.raises(RecordError, match=f"record options: .*option {named}") as caught:
        replay(_hansa_record(**options))
    assert len(str(caught.value)) < 300


def test_a_huge_seat_in_a_record_is_refused_with_its_number() -> None:
    data = _record()
    data["actions"] = [*data["actions"][:2], "1" * 10_000 + ": pass", *data["actions"][2:]]
    with pytest.raises(RecordError, match=r"action 3 \('1111") as caught:
        replay(GameRecord.from_json(data))
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize("text", ["0: take ²", "²: pass", "0: take " + "9" * 5000],
                         ids=["superscript-owner", "superscript-seat", "huge-owner"])
def test_an_ndb_record_with_an_odd_number_raises_record_error(text: str) -> None:
    game = get_game("ndb")
    trace = play_plain(game, game.options(3), 3)
    record = GameRecord("ndb", game.version, game.options(3).to_json(), 3,
                        [*trace.actions[:5], text, *trace.actions[5:]], None, trace.result)
    with pytest.raises(RecordError, match="action 6"):
        replay(record)


def test_an_illegal_action_is_named_with_its_number() -> None:
    data = _record()
    data["actions"] = [*data["actions"][:3], "0: fly away", *data["actions"][3:]]
    with pytest.raises(RecordError, match=r"action 4 \('0: fly away'\)"):
        replay(GameRecord.from_json(data))


def test_a_record_that_stops_early() -> None:
    data = _record()
    data["actions"] = data["actions"][:10]
    with pytest.raises(RecordError, match="end before the game does"):
        replay(GameRecord.from_json(data))
    assert not replay(GameRecord.from_json(data), check_result=False).is_over


def test_a_wrong_result_is_shown() -> None:
    data = _record()
    data["result"] = dict(data["result"], scores=[99, 0, 0])
    with pytest.raises(RecordError, match=r"replay gives .* record says .*99"):
        replay(GameRecord.from_json(data))


def test_result_round_trips_and_refuses_junk() -> None:
    result = Result((3, 5, 5), (1, 2), "the end")
    assert Result.from_json(json.loads(json.dumps(result.to_json()))) == result
    for bad in (None, {}, {"scores": ["x"], "winners": [], "reason": ""}):
        with pytest.raises(ValueError, match="bad result"):
            Result.from_json(bad)


def test_registry_names_known_games() -> None:
    assert "bohnanza" in game_names()
    assert get_game(" Bohnanza ") is get_game("bohnanza")
    with pytest.raises(ValueError, match=r"unknown game 'go'; known games: .*bohnanza"):
        get_game("go")


@pytest.mark.parametrize("name", game_names())
def test_every_registered_game_describes_itself(name: str) -> None:
    game = get_game(name)
    assert game.name == name and game.title and game.version >= 1
    assert 1 <= game.min_players <= game.max_players
    for players in range(game.min_players, game.max_players + 1):
        sets = game.option_sets(players)
        assert sets and all(o.players == players for o in sets)
        for options in sets:
            assert game.options_from_json(json.loads(json.dumps(options.to_json()))) == options
    with pytest.raises(ValueError):
        game.options(game.max_players + 1)


@pytest.mark.parametrize("bad", [
    {"scores": ["3", 5, 5], "winners": [1], "reason": "x"},
    {"scores": [3.7, 5, 5], "winners": [1], "reason": "x"},
    {"scores": [3, 5, 5], "winners": [True], "reason": "x"},
    {"scores": "355", "winners": [1], "reason": "x"},
    {"scores": [3, 5, 5], "winners": [1], "reason": 7},
])
def test_a_result_field_of_the_wrong_type_is_refused(bad: dict[str, Any]) -> None:
    """Texts and fractions were read as whole numbers (int("3"), int(3.7)): a tampered
    result could pass as the true one."""
    with pytest.raises(ValueError, match="bad result"):
        Result.from_json(bad)


def test_a_record_of_another_format_is_refused() -> None:
    with pytest.raises(RecordError, match="record 'format' must be 'bohnen-record'"):
        GameRecord.from_json(_record(format="bohnen-hansa-board"))
    assert GameRecord.from_json({k: v for k, v in _record().items() if k != "format"})


def test_the_engines_complaint_about_a_long_action_is_cut() -> None:
    data = _record()
    data["actions"][0] = "0: plant " + "1" * 100_000
    with pytest.raises(RecordError) as info:
        replay(GameRecord.from_json(data))
    assert str(info.value).startswith("action 1 ('0: plant 1111")
    assert len(str(info.value)) < 700
