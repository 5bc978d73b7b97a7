"""The table as on paper (issue 36): each Bohnanza field with its bean's whole
beanometer, the moves in the game's words, a legend of the codes to type, one way of
naming a Nicht die Bohne! card, the Bohn Hansa hand one item a card, and the hint's
reason. Words-level checks first, then the screens through Pilot at 80×24."""

from __future__ import annotations

import asyncio
import re

from rich.text import Text

from bohnen.bohnanza import text as bohnanza_text
from bohnen.hansa import text as hansa_text
from bohnen.ndb import text as ndb_text
from bohnen.tui.app import BohnenApp
from bohnen.tui.bohnanza_screen import field_text, meter_markup, player_line
from bohnen.tui.moves import core, frame

from .helpers import SIZE, app_for, screen_text, session

BLAUE = [4, 6, 8, 10]
GARTEN = [None, 2, 3, None]


# --- the words ------------------------------------------------------------------------


def test_a_field_in_words_shows_the_whole_beanometer_and_what_it_pays() -> None:
    field = {"bean": "BL", "count": 4, "talers": 1, "next": {"count": 6, "talers": 2}}
    assert (bohnanza_text.field_text(field, 0, {"BL": "Blaue"}, BLAUE)
            == "0: Blaue ×4 [4→1 6→2 8→3 10→4] pays 1t")
    assert bohnanza_text.meter_text(GARTEN) == "2→2 3→3"  # Garten pays no 1 or 4


def test_describe_gives_every_field_its_beanometer() -> None:
    sess = session("bohnanza", seed=1)
    sess.play(0, sess.choices(0)[0])
    text = sess.game.describe(sess.view(0), 0, ["you", "a", "b", "c"])
    assert "0: Garten ×1 [2→2 3→3] pays 0t" in text


def test_the_steps_reached_are_marked_and_the_others_not() -> None:
    cells = Text.from_markup(meter_markup(BLAUE, 6)).spans
    styles = [str(span.style) for span in cells]
    assert styles == ["bold green", "bold green", "dim", "dim"]  # 4 and 6 reached, 8 and 10 not


def test_a_seat_with_three_full_fields_fits_in_80_columns() -> None:
    """The widest cells there are: Garten ×12 (its meter has dashes), Blaue ×10."""
    sess = session("bohnanza", seed=1)
    view = sess.view(0)
    fields = [{"bean": "GA", "count": 12, "talers": 3, "next": None},
              {"bean": "BL", "count": 10, "talers": 4, "next": None},
              {"bean": "BL", "count": 10, "talers": 4, "next": None}]
    player = view["players"][0] | {"fields": fields, "third_field": True, "talers": 120,
                                   "hand_size": 14}
    names = bohnanza_text.bean_names(view)
    line = Text.from_markup(player_line(view, player, 0, "heuristic", names)).plain
    assert "0:Garten×12 – 2 3 –" in line and "1:Blaue×10 4 6 8 10" in line
    assert len(line) <= 78, line
    assert Text.from_markup(field_text(fields[0], 0, True, names, GARTEN)).plain.startswith(
        "0:Garten×12 – 2 3 –")


def test_a_nicht_die_bohne_card_is_named_one_way_everywhere() -> None:
    assert ndb_text.card_name("R7") == "red 7"
    assert ndb_text.card_name("Y-") == "yellow –"
    assert ndb_text.card_name("B0") == "blue Nicht die Bohne"
    assert ndb_text.hand_text(["G2", "G6", "G-", "R5"]) == "green 2 6 – │ red 5"
    assert ndb_text.row_text({"cards": ["R-", "R9"], "score": -9}) == "red – 9 =-9"


def test_the_hansa_hand_is_one_item_a_card_with_its_count() -> None:
    hand = ["T1", "T2", "T3", "C58"]
    line = hansa_text.hand_text(hand, zoll=3, nachschub=2)
    assert line == "Hand (4 cards) ▶T1 T2(Nachschub) T3(Zoll) C58"
    assert len(line.split(") ", 1)[1].split()) == 4  # as many items as cards


def test_a_list_of_like_moves_names_what_differs_once() -> None:
    texts = ["Play the red 7 face down", "Play the yellow – face down"]
    head, tail = frame(texts)
    assert (head, tail) == ("Play the", "face down")
    assert [core(t, head, tail) for t in texts] == ["red 7", "yellow –"]
    assert frame(["Pass the floor", "Close the trading"]) == ("", "")
    assert frame(["Take it", "Take it"]) == ("", "")  # nothing would be left


def test_each_game_has_a_legend_of_its_codes() -> None:
    bohnanza = bohnanza_text.codes_lines(session("bohnanza", seed=1).view(0))
    assert bohnanza[0].startswith("Beans: BL=Blaue FE=Feuer") and "f0" in bohnanza[1]
    ndb = ndb_text.codes_lines(session("ndb", seed=1, options=["rounds=1"]).view(0))
    assert ndb[0] == "Colours: G=green R=red Y=yellow B=blue"
    assert "0=Nicht die Bohne" in ndb[1] and "x2" in ndb[1]
    hansa = hansa_text.codes_lines(session("hansa", seed=1).view(0))
    assert "FE=Feuerbohne" in hansa[0] and "AAL=Aalborg" in hansa[1]


# --- the screens ----------------------------------------------------------------------


async def pressed(app: BohnenApp, *keys: str, size: tuple[int, int] = SIZE) -> str:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        return screen_text(app)


def test_bohnanza_fields_show_their_beanometer_on_the_screen() -> None:
    text = asyncio.run(pressed(app_for(session("bohnanza", seed=1)), "g", "g"))
    assert "0:Garten×1 – 2 3 –" in text and "1:Feuer×1 3 6 8 9" in text
    assert "cards for 1 2 3 4 talers" in text


def test_the_bohnanza_moves_are_in_words() -> None:
    text = asyncio.run(pressed(app_for(session("bohnanza", seed=1)), "g", "g"))
    assert "1 Pass the floor to the next seat" in text
    assert "Harvest field 0: 1 Garten for 0 talers" in text
    assert "close-trading" not in text and "harvest 0" not in text


def test_nicht_die_bohne_shows_english_names_not_codes() -> None:
    sess = session("ndb", seed=4, options=["rounds=1"])
    text = asyncio.run(pressed(app_for(sess), "1", "enter"))  # move 1 of 14: 1, Enter
    assert "green 7" in text and "Your hand: green 10 – –" in text
    assert not re.search(r"(?<![\w-])[GRYB](10|[1-9]|-|–|x2|0)(?![\w-])", text), text


def test_nicht_die_bohne_card_plays_name_the_card_only() -> None:
    sess = session("ndb", seed=4, options=["rounds=1"])
    text = asyncio.run(pressed(app_for(sess), "1", "enter", "1"))  # lead (of 14), take (of 3)
    assert "Your move: Play the … face down" in text
    assert "1 green 10  2 green –" in text


def test_the_hansa_hand_shows_its_count_and_one_item_a_card() -> None:
    from .helpers import random_session

    sess = random_session("hansa", seed=7)
    text = asyncio.run(pressed(app_for(sess), "1", "left", "enter"))
    hand = sess.view(0)["players"][0]["hand"]
    line = next(ln for ln in text.splitlines() if "Hand (" in ln).strip()
    assert line.startswith(f"Hand ({len(hand)} cards) ▶")
    assert len(line.split(") ", 1)[1].split()) == len(hand)
    assert "T3(Zoll)" in line and "T2(Nachschub)" in line
    assert "Buy a Feuerbohne from slot 1 of the ladder for 5 talers" in text


def test_the_command_line_shows_the_codes_to_type() -> None:
    text = asyncio.run(pressed(app_for(session("bohnanza", seed=1)), "g", "g", "colon"))
    assert "Beans: BL=Blaue FE=Feuer SA=Sau BR=Brech SO=Soja AU=Augen RO=Rote GA=Garten" \
        in text


def test_the_help_shows_the_codes_of_each_game() -> None:
    for game, options, code in (("bohnanza", [], "RO=Rote"), ("ndb", ["rounds=1"], "Y=yellow"),
                                ("hansa", [], "ROS=Rostock")):
        app = app_for(session(game, seed=1, options=options))

        async def helped(app: BohnenApp = app) -> str:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("question_mark")
                await pilot.pause()
                return str(getattr(app.screen, "text", ""))

        assert code in asyncio.run(helped()), game


def test_the_hint_says_which_move_and_why() -> None:
    sess = session("bohnanza", seed=1)
    text = asyncio.run(pressed(app_for(sess), "g", "g", "h"))
    advice = sess.advice(0)
    assert advice is not None and advice[1]
    status = " ".join(text.split())
    # the card by its position as the board shows the hand ("h0 Blaue"), from 0
    assert "Hint: Propose to seat 1: give Blaue (h0 in your hand); want Rote — " in status
    assert " ".join(advice[1].split()[:4]) in status
