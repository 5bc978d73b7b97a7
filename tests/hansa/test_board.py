"""The board file: the default board's facts, the payout and ladder rules, the validator."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bohnen.cli import app
from bohnen.cli.main import main
from bohnen.hansa.board import (
    CODES,
    MAX_BOARD_BYTES,
    MAX_CITIES,
    Bean,
    BoardError,
    check_board_data,
    load_board,
)

from .helpers import BASE, BOARD, TOKENS, contract_number

DEFAULT = Path(str(resources.files("bohnen.hansa").joinpath("boards/default.json")))
RAW: dict[str, Any] = json.loads(DEFAULT.read_text(encoding="utf-8"))


def city_beans(code: str) -> set[str]:
    return {CODES[b] for b in BOARD.city_beans[BOARD.city(code)]}


def price(code: str, slot: int, bean: str) -> int:
    """Price of ``bean`` on slot ``slot`` (1 = bottom) of the city's ladder."""
    return BOARD.prices[BOARD.city(code)][slot - 1][BOARD.bean(bean)]


# --- the default board honours the text ------------------------------------------------


def test_default_board_is_labelled_a_reconstruction() -> None:
    """decisions.md: « The default board is a reconstruction, named and labelled as such »."""
    assert BOARD.reconstruction and RAW["reconstruction"] is True
    assert "reconstruct" in BOARD.title.lower() and "not public" in BOARD.note


def test_bean_tokens_and_base_prices() -> None:
    """« 117 jetons haricots: 18× Blaue Bohnen, 16× Feuerbohnne, 16× Saubohnen, 15×
    Brechbohnen, 14× Sojabohnen, 13× Augenbohnen, 13× Rote Bohnen, 12× Gartenbohnen »."""
    assert {CODES[b]: BOARD.tokens[b] for b in BOARD.beans} == TOKENS
    assert sum(BOARD.tokens) == 117
    assert {CODES[b]: BOARD.base[b] for b in BOARD.beans} == BASE


def test_cities_and_their_beans() -> None:
    """« Dans la plupart des villes, il y a deux types de haricots, dans les villes de
    Hambourg et de Malmö, il y a 3 types »; Bremen: Augen et Brech; Hamburg: Feuer,
    Blaue, Soja."""
    assert 12 <= BOARD.cities <= 16
    for code in BOARD.city_codes:
        assert len(city_beans(code)) == (3 if code in ("HAM", "MAL") else 2)
    assert city_beans("HAM") == {"FE", "BL", "SO"}
    assert city_beans("BRE") == {"AU", "BR"}
    assert "FE" in city_beans("DAN") and "GA" in city_beans("MAL")
    assert "RO" in city_beans("VIS") and city_beans("ROS") == {"SA", "SO"}
    for name in ("Hamburg", "Bremen", "Danzig", "Malmö", "Edinburgh", "Visby", "Rostock",
                 "Aalborg"):
        assert name in BOARD.city_names


def test_ladders_have_four_or_five_slots_and_start_at_base_price() -> None:
    """« Chaque haricomètre est constitué de 4 ou 5 cases » ; « Au début de la partie, les
    prix dans chaque ville sont identiques au prix de base »."""
    for c, code in enumerate(BOARD.city_codes):
        assert BOARD.slots(c) in (4, 5)
        k = len(BOARD.city_beans[c])
        for b in BOARD.city_beans[c]:
            assert BOARD.prices[c][k][b] == BOARD.base[b], code


def test_prices_fall_as_beans_pile_up() -> None:
    """The price is read on the lowest free slot: more beans, a higher slot, a lower price."""
    for c in range(BOARD.cities):
        for b in BOARD.city_beans[c]:
            column = [row[b] for row in BOARD.prices[c]]
            assert column == sorted(column, reverse=True)
            assert column[0] > column[-1]


def test_hamburg_ladder_of_dorothees_example() -> None:
    """« Sur la troisième case ... 3 Blaue Bohne ... Le prix de ces haricots passera donc
    de 4 à 6 thalers »: three slots taken, Blaue costs 4; two taken, 6; Feuer 5."""
    assert price("HAM", 4, "BL") == 4 and price("HAM", 3, "BL") == 6
    assert price("HAM", 4, "FE") == 5


def test_visby_rote_at_most_16() -> None:
    """« un joueur pourrait en acheter 1 à Visby au prix de 16 thalers » (the highest)."""
    visby = BOARD.city("VIS")
    assert max(row[BOARD.bean("RO")] for row in BOARD.prices[visby]) == 16


def test_edinburgh_aalborg_rostock_is_a_shortest_path() -> None:
    """« Béatrice déplace son pion de Edinburgh à Rostock en passant par Aalborg »: three
    cards, so Edinburgh and Rostock are not neighbours."""
    e, a, r = BOARD.city("EDI"), BOARD.city("AAL"), BOARD.city("ROS")
    assert r not in BOARD.neighbours[e]
    assert BOARD.dist[e][r] == 2
    assert (a, r) in BOARD.paths[e][r]


def test_every_shortest_path_is_listed() -> None:
    """The player chooses among equal shortest paths: each is a chain of routes of the
    shortest length, and no two are the same."""
    for a in range(BOARD.cities):
        for b in range(BOARD.cities):
            paths = BOARD.paths[a][b]
            assert len(set(paths)) == len(paths) >= 1
            for path in paths:
                assert len(path) == BOARD.dist[a][b]
                for x, y in zip((a, *path), path, strict=False):
                    assert y in BOARD.neighbours[x]


def test_example_contracts_exist() -> None:
    """The contract cards of the text: Edinburgh Soja+Feuer+Garten 53, Visby Blaue+Augen
    33, Rostock Feuer+Rote 35 and Rote+Brech+Feuer 47, a Rostock contract of 40, and
    Diana's 27 and 44."""
    contract_number("EDI", ["SO", "FE", "GA"], 53)
    contract_number("VIS", ["BL", "AU"], 33)
    contract_number("ROS", ["FE", "RO"], 35)
    contract_number("ROS", ["RO", "BR", "FE"], 47)
    assert any(BOARD.city_codes[c.city] == "ROS" and c.payout == 40 for c in BOARD.contracts)
    assert {27, 44} <= {c.payout for c in BOARD.contracts}


def _nearest(city: int, bean: Bean) -> int:
    return min(BOARD.dist[city][c] for c in BOARD.sellers(bean))


def test_payouts_follow_one_rule() -> None:
    """docs/hansa-board.md: payout = 8 + Σ (base price + 3 + 2 × routes from the
    contract's city to the nearest city selling the bean)."""
    assert len(BOARD.contracts) == 60
    for contract in BOARD.contracts:
        expected = 8 + sum(BOARD.base[b] + 3 + 2 * _nearest(contract.city, b)
                           for b in contract.beans)
        assert contract.payout == expected


def test_harvest_card_of_the_text() -> None:
    """« 2 Blaue Bohnen ... sur le haricomètre de Hamburg et 3 Feuerbohnen ... Danzig et
    3 Gartenbohnen ... Malmö »."""
    wanted = {("HAM", "BL", 2), ("DAN", "FE", 3), ("MAL", "GA", 3)}
    cards = [{(BOARD.city_codes[c], CODES[b], n) for c, b, n in card}
             for card in BOARD.harvests]
    assert len(cards) == 10 and wanted in cards


def test_travel_cards() -> None:
    """« 35 cartes voyage ... 5 couleurs ... numérotées de 1 à 7. Sur 2 cartes par couleur,
    il y a les mots Zoll et Nachschub »; Béatrice's 2 is Nachschub, her 3 Zoll."""
    assert len(BOARD.colours) == 5
    for z, n in zip(BOARD.zoll, BOARD.nachschub, strict=True):
        assert 1 <= z <= 7 and 1 <= n <= 7 and z != n
    assert BOARD.nachschub[1] == 2 and BOARD.zoll[1] == 3


def test_default_board_is_package_data() -> None:
    """The JSON is shipped with the package (pyproject's package-data)."""
    text = Path(__file__).resolve().parents[2].joinpath("pyproject.toml").read_text("utf-8")
    assert "hansa/boards/*.json" in text
    assert load_board("default") is BOARD


# --- the validator names every fault ---------------------------------------------------


def broken(change: Callable[[dict[str, Any]], None]) -> list[str]:
    data = copy.deepcopy(RAW)
    change(data)
    with pytest.raises(BoardError) as info:
        check_board_data(data, "test")
    return info.value.errors


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _contract_for_a_bean_no_city_sells(data: dict[str, Any]) -> None:
    """No city sells the Gartenbohne any more, and C1 asks for one."""
    for city in data["cities"]:
        city["beans"] = [b for b in city["beans"] if b != "GA"]
    data["contracts"][0]["beans"] = ["GA"]


CASES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("unknown city in a route", _set(["routes", 0, 1], "XXX"), "routes[0]: unknown city 'XXX'"),
    ("unconnected map", lambda d: d.update(routes=[r for r in d["routes"] if "RIG" not in r]),
     "the map is not connected: RIG"),
    ("contract for a bean no city sells",
     _contract_for_a_bean_no_city_sells,
     "contracts[0] (C1): no city sells GA"),
    ("a bean the game does not have",
     lambda d: d["beans"].append({"code": "ZZ", "name": "Z", "tokens": 9, "base_price": 3}),
     "beans[8]: unknown bean code 'ZZ': the beans of the game are BL, FE, SA, BR, SO, AU, RO, "
     "GA"),
    ("contract for an unknown city", _set(["contracts", 1, "city"], "PAR"),
     "contracts[1] (C2): unknown city 'PAR'"),
    ("wrong number of contracts", lambda d: d["contracts"].pop(), "59 contracts, expected 60"),
    ("wrong number of harvest cards", lambda d: d["harvests"].pop(),
     "9 Neue-Ernte cards, expected 10"),
    ("wrong number of colours", lambda d: d["colours"].pop(), "4 colours of travel cards"),
    ("Zoll and Nachschub the same card", _set(["colours", 0, "zoll"], 2),
     "colours[0]: card 2 cannot be both Zoll and Nachschub"),
    ("ladder size", lambda d: d["cities"][0]["ladder"].pop(), "the ladder has 3 slots"),
    ("a price missing", lambda d: d["cities"][0]["ladder"][1].pop("BL"),
     "cities[0] (Edinburgh).ladder[1]: the price of BL is missing"),
    ("a price for a bean not sold", _set(["cities", 0, "top", "RO"], 3),
     "a price for RO, which the city does not sell"),
    ("start price is not the base price", _set(["cities", 0, "ladder", 2, "BL"], 5),
     "must ask the base price 4"),
    ("prices rising up the ladder", _set(["cities", 0, "ladder", 0, "BL"], 1),
     "the prices of BL rise up the ladder"),
    ("harvest for a bean the city does not sell", _set(["harvests", 0, 0, "bean"], "RO"),
     "harvests[0] (H1)[0]: HAM does not sell RO"),
    ("duplicate city code", _set(["cities", 1, "code"], "EDI"), "city code 'EDI' used twice"),
    ("too few tokens", _set(["beans", 7, "tokens"], 4), "4 tokens of GA are too few"),
    ("a bean twice on a contract", _set(["contracts", 0, "beans"], ["BL", "BL"]),
     "bean BL named twice"),
    ("unknown field", lambda d: d.update(colors=[]), "colors: unknown field"),
]


@pytest.mark.parametrize(("kind", "change", "message"), CASES, ids=[c[0] for c in CASES])
def test_validator_names_the_fault_and_its_place(kind: str, change: Any, message: str) -> None:
    errors = broken(change)
    assert any(message in e for e in errors), errors


def test_validator_reports_every_fault_at_once() -> None:
    def several(data: dict[str, Any]) -> None:
        data["routes"][0][1] = "XXX"
        data["contracts"].pop()
        data["cities"][2]["ladder"].pop()
    errors = broken(several)
    assert len(errors) >= 3
    assert any("XXX" in e for e in errors) and any("59 contracts" in e for e in errors)
    assert any("Brügge" in e and "slots" in e for e in errors)


def test_not_json_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_text("{ nope", encoding="utf-8")
    with pytest.raises(BoardError, match="not valid JSON"):
        load_board(path)


# --- bohnen hansa check-board ----------------------------------------------------------


def test_check_board_accepts_the_default_board() -> None:
    result = CliRunner().invoke(app, ["hansa", "check-board", str(DEFAULT)])
    assert result.exit_code == 0, result.output
    assert "OK (a reconstruction" in result.stdout and "60 contracts" in result.stdout


def test_check_board_lists_every_error_on_one_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    data = copy.deepcopy(RAW)
    data["routes"][0][1] = "XXX"
    data["harvests"].pop()
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["hansa", "check-board", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "2 errors" in err and "unknown city 'XXX'" in err and "9 Neue-Ernte" in err


def test_a_game_plays_on_a_board_file_and_names_it(tmp_path: Path) -> None:
    """`--option board=FILE`: the options carry the board's digest; a changed file is
    refused when the options are read back (a record replays on its own board only)."""
    from .helpers import GAME

    path = tmp_path / "board.json"
    path.write_text(json.dumps(RAW), encoding="utf-8")
    options = GAME.options(3, board=str(path))
    assert options.board_digest == BOARD.digest
    changed = copy.deepcopy(RAW)
    changed["contracts"][0]["payout"] += 1
    path.write_text(json.dumps(changed), encoding="utf-8")
    with pytest.raises(ValueError, match="has changed"):
        GAME.options_from_json(options.to_json())


# --- a board file is untrusted input: limits and short messages (issue 22) -------------


def _file(tmp_path: Path, data: Any, name: str = "board.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_deep_nesting_is_one_error_not_a_crash(tmp_path: Path) -> None:
    """Deeply nested JSON used to end in a RecursionError (a traceback)."""
    with pytest.raises(BoardError, match="nested too deeply"):
        load_board(_file(tmp_path, "[" * 100_000))


def test_a_symlink_loop_is_one_error(tmp_path: Path) -> None:
    """Path.resolve() raised a RuntimeError on a loop of links."""
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    with pytest.raises(BoardError, match="cannot read board"):
        load_board(loop)


def test_special_files_and_large_files_are_refused(tmp_path: Path) -> None:
    """A board is read only from a regular file of at most MAX_BOARD_BYTES (a FIFO,
    /dev/zero and other devices are refused before reading: tests/cli/test_cli_fuzz.py
    runs them in processes that a hang cannot stall)."""
    with pytest.raises(BoardError, match="is not a regular file"):
        load_board(tmp_path)
    big = _file(tmp_path, " " * (MAX_BOARD_BYTES + 1))
    with pytest.raises(BoardError, match="too large"):
        load_board(big)


def test_the_file_cache_keys_on_the_content(tmp_path: Path) -> None:
    path = _file(tmp_path, RAW)
    first = load_board(path)
    assert load_board(path) is first  # read once while the file is unchanged
    changed = copy.deepcopy(RAW)
    changed["contracts"][0]["payout"] += 100
    _file(tmp_path, changed)
    again = load_board(path)
    assert again is not first and again.contracts[0].payout == first.contracts[0].payout + 100


def test_a_message_lists_a_few_faults_and_counts_the_rest() -> None:
    """200,000 bad contracts gave a message of 33 MB; the errors are all kept."""
    data = copy.deepcopy(RAW)
    data["contracts"] = [{}] * 200_000
    with pytest.raises(BoardError) as info:
        check_board_data(data, "test")
    message = str(info.value)
    assert len(info.value.errors) == 600_001
    assert message.startswith("test: 600,001 errors: contracts: 200000 contracts")
    assert message.endswith("… and 599,991 more") and len(message) < 1000


@pytest.mark.parametrize("place", [
    ["cities", 0, "beans", 0], ["contracts", 3, "beans", 0], ["harvests", 1, 0, "bean"],
    ["routes", 2, 0], ["cities", 4, "code"], ["beans", 1, "name"], ["colours", 0, "name"],
])
def test_a_long_value_is_quoted_short(place: list[Any]) -> None:
    """A 10 MB text in the board was echoed whole in the error message."""
    errors = broken(_set(place, "x" * 10_000_000))
    assert sum(map(len, errors)) < 2000, [e[:100] for e in errors]
    assert any("10,000,000 characters" in e for e in errors)


def test_an_unknown_field_with_a_long_name_is_quoted_short() -> None:
    errors = broken(lambda d: d.update({"x" * 10_000_000: 1}))
    assert errors == ["'" + "x" * 60 + "'… (10,000,000 characters): unknown field"]


@pytest.mark.parametrize(("field", "value", "message"), [
    ("title", 5, "title must be a non-empty text, not 5"),
    ("title", "", "title must be a non-empty text"),
    ("note", ["a"], "note: must be a text of at most 2000 characters, not ['a']"),
    ("note", None, "note: must be a text"),
    ("version", True, "version: must be 1, not True"),
    ("version", 1.0, "version: must be 1, not 1.0"),
    ("reconstruction", "yes", "reconstruction: must be true or false, not 'yes'"),
])
def test_title_note_and_version_have_their_types(field: str, value: Any, message: str) -> None:
    """check-board accepted any JSON for the title and the note, and version true."""
    errors = broken(_set([field], value))
    assert any(message in e for e in errors), errors


@pytest.mark.parametrize(("place", "value", "message"), [
    (["beans", 0, "tokens"], 10 ** 12, "tokens must be from 1 to 999, not 1000000000000"),
    (["harvests", 0, 0, "count"], 10 ** 13, "count must be from 1 to 999"),
    (["contracts", 0, "payout"], 10 ** 30, "payout must be from 1 to 999"),
    (["cities", 0, "top", "BL"], 10 ** 5, "must be a whole number from 1 to 999"),
    (["cities", 0, "x"], float("nan"), "x (a coordinate for drawing the map) must be a finite"),
    (["cities", 1, "y"], float("inf"), "y (a coordinate for drawing the map) must be a finite"),
    (["cities", 0, "code"], "EDINBURGH", "code must be at most 8 characters"),
    (["cities", 0, "name"], "E" * 61, "name must be at most 60 characters"),
])
def test_numbers_and_texts_are_bounded(place: list[Any], value: Any, message: str) -> None:
    """A Neue-Ernte card of 10**13 beans from a supply of 10**12 dealt them one by one."""
    errors = broken(_set(place, value))
    assert any(message in e for e in errors), errors


def _line_of_cities(count: int) -> dict[str, Any]:
    """The default board with its map replaced by ``count`` cities in a row, each like
    the first city of the default board."""
    data = copy.deepcopy(RAW)
    first = data["cities"][0]
    data["cities"] = [dict(first, code=f"C{i}", name=f"City {i}", x=i, y=0)
                      for i in range(count)]
    data["routes"] = [[f"C{i}", f"C{i + 1}"] for i in range(count - 1)]
    for contract in data["contracts"]:
        contract.update(city="C0", beans=[b for b in contract["beans"] if b in first["beans"]]
                        or first["beans"][:1])
    for card in data["harvests"]:
        for entry in card:
            entry.update(city="C0", bean=first["beans"][0])
    for bean in data["beans"]:
        bean["tokens"] = count + 5
    return data


def _grid(side: int) -> dict[str, Any]:
    data = _line_of_cities(side * side)
    data["routes"] = ([[f"C{r * side + c}", f"C{r * side + c + 1}"] for r in range(side)
                       for c in range(side - 1)]
                      + [[f"C{r * side + c}", f"C{(r + 1) * side + c}"]
                         for r in range(side - 1) for c in range(side)])
    return data


def test_a_long_map_is_fine_up_to_the_limit() -> None:
    assert check_board_data(_line_of_cities(MAX_CITIES), "line").cities == MAX_CITIES
    with pytest.raises(BoardError, match=f"65 cities; a map has at most {MAX_CITIES}"):
        check_board_data(_line_of_cities(MAX_CITIES + 1), "line")


def test_a_map_with_too_many_shortest_paths_is_refused() -> None:
    """Every shortest path is listed: on a grid their number grows exponentially (a 10 ×
    10 grid has 2.8 million, a 12 × 12 one would never finish)."""
    assert check_board_data(_grid(5), "grid").cities == 25
    with pytest.raises(BoardError, match=r"193,064 shortest paths between its cities; a "
                                         r"board may have at most 100,000"):
        check_board_data(_grid(8), "grid")
