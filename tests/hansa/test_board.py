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
from bohnen.hansa.board import BoardError, check_board_data, load_board

from .helpers import BASE, BOARD, TOKENS, contract_number

DEFAULT = Path(str(resources.files("bohnen.hansa").joinpath("boards/default.json")))
RAW: dict[str, Any] = json.loads(DEFAULT.read_text(encoding="utf-8"))


def city_beans(code: str) -> set[str]:
    return {BOARD.bean_codes[b] for b in BOARD.city_beans[BOARD.city(code)]}


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
    assert dict(zip(BOARD.bean_codes, BOARD.tokens, strict=True)) == TOKENS
    assert sum(BOARD.tokens) == 117
    assert dict(zip(BOARD.bean_codes, BOARD.base, strict=True)) == BASE


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


def _nearest(city: int, bean: int) -> int:
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
    cards = [{(BOARD.city_codes[c], BOARD.bean_codes[b], n) for c, b, n in card}
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


CASES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("unknown city in a route", _set(["routes", 0, 1], "XXX"), "routes[0]: unknown city 'XXX'"),
    ("unconnected map", lambda d: d.update(routes=[r for r in d["routes"] if "RIG" not in r]),
     "the map is not connected: RIG"),
    ("contract for a bean no city sells",
     lambda d: d["beans"].append({"code": "ZZ", "name": "Z", "tokens": 9, "base_price": 3})
     or d["contracts"][0].update(beans=["ZZ"]), "no city sells ZZ"),
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
