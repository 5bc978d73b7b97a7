"""Any-time moves at the terminal (issue 22): a person may harvest, buy the third field
or buy a contract at any moment, also while the bots play; whose move it is does not
change. « Tous les joueurs peuvent, à tout moment, même en dehors de leur tour, vendre
toutes les cartes d'un champ de haricots. Ils peuvent de même procéder à l'achat d'un
troisième champ. » (Bohnanza); « A tout moment durant la partie, c'est-à-dire aussi en
dehors de son propre tour de jeu, un joueur peut acheter la carte supérieure de la
pioche de cartes contrat » (Bohn Hansa)."""

from __future__ import annotations

import asyncio

from bohnen.tui.app import BohnenApp
from bohnen.tui.session import Session

from .helpers import SIZE, hinted, screen_text, session

SLOW = 60.0  # seconds between bot moves: no bot moves while a test presses keys


def bots_turn_with_a_field(game: str = "bohnanza", seed: int = 1) -> Session:
    """A session where a bot is to act and seat 0 (the person) has an any-time move."""
    sess = session(game, seed=seed)
    for _ in range(2000):
        sess.run_bots()
        if sess.is_over:
            break
        if sess.bot_to_act() is not None and sess.any_time_choices(0):
            return sess
        seat = sess.human_to_act()
        assert seat == 0
        assert sess.play(0, hinted(sess, 0)).ok
        if sess.bot_to_act() is not None and sess.any_time_choices(0):
            return sess
    raise AssertionError("no moment came up where a bot plays and seat 0 may harvest")


def test_a_person_harvests_while_a_bot_is_to_act() -> None:
    sess = bots_turn_with_a_field()
    bot = sess.bot_to_act()
    assert bot is not None and sess.human_to_act() is None
    harvest = next(a for a in sess.any_time_choices(0) if str(a).startswith("0: harvest"))
    outcome = sess.play(0, harvest)
    assert outcome.ok, outcome.message
    assert sess.actions[-1] == str(harvest)
    assert sess.bot_to_act() == bot  # still the bot's move


def test_out_of_turn_a_person_may_not_make_another_move() -> None:
    sess = bots_turn_with_a_field()
    outcome = sess.play_text(0, "end-planting")
    assert not outcome.ok and "not seat 0's move" in outcome.message


def test_the_harvest_key_works_while_the_bots_play() -> None:
    asyncio.run(_the_harvest_key_works_while_the_bots_play())


async def _the_harvest_key_works_while_the_bots_play() -> None:
    sess = bots_turn_with_a_field()
    bot = sess.bot_to_act()
    done = len(sess.actions)
    field = next(int(str(a).split()[-1]) for a in sess.any_time_choices(0)
                 if str(a).startswith("0: harvest"))
    app = BohnenApp(sess, delay=SLOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Any time:" in screen_text(app)  # the keys open to the person now
        await pilot.press("v", str(field))
        assert sess.actions[done:] == [f"0: harvest {field}"]
        assert sess.bot_to_act() == bot
        # the status line, in the game's words (issue 36)
        assert f"Harvest field {field}:" in screen_text(app).splitlines()[-2]
        await pilot.press("colon", *"plant 0", "enter")  # not an any-time move: refused
        assert len(sess.actions) == done + 1
        assert "not your move" in screen_text(app)


def test_a_contract_is_bought_by_key_while_the_bots_play() -> None:
    asyncio.run(_a_contract_is_bought_by_key_while_the_bots_play())


async def _a_contract_is_bought_by_key_while_the_bots_play() -> None:
    sess = bots_turn_with_a_field("hansa", seed=3)
    bot = sess.bot_to_act()
    done = len(sess.actions)
    app = BohnenApp(sess, delay=SLOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k")
        assert "Buy a contract" in screen_text(app)
        await pilot.press("1")
        assert len(sess.actions) == done + 1
        assert sess.actions[-1].startswith("0: buy-contract ")
        assert sess.bot_to_act() == bot

