"""Take-back (the u key) as on the online platforms: never across a card drawn or
revealed, nor across another seat's move; the log follows the state back."""

from __future__ import annotations

import asyncio
from typing import Any

from bohnen.tui.session import Session

from .helpers import SIZE, app_for, hinted, random_session, screen_text, session


def snapshot(sess: Session) -> tuple[Any, list[str], list[str]]:
    """The state, the record and the log as the person (seat 0) reads it."""
    return sess.state.to_json(), list(sess.actions), sess.log_lines(0)


def play(sess: Session, text: str) -> list[Any]:
    """Seat 0 plays ``text`` (notation without the seat); the events it gave."""
    logged = len(sess.log)
    outcome = sess.play_text(0, text)
    assert outcome.ok, outcome.message
    return sess.log[logged:]


def until_listed(sess: Session, text: str, limit: int = 500) -> None:
    """Seat 0 plays the hint's moves (the bots theirs) until ``0: text`` is listed."""
    sess.run_bots()
    for _ in range(limit):
        seat = sess.human_to_act()
        assert seat == 0, "the game ended first"
        if f"0: {text}" in [str(a) for a in sess.choices(0)]:
            return
        assert sess.play(0, hinted(sess, 0)).ok
        sess.run_bots()
    raise AssertionError(f"{text!r} never came up")


def test_a_plant_is_taken_back_exactly() -> None:
    sess = session("bohnanza", seed=1)
    start = snapshot(sess)
    events = play(sess, "plant 0")
    assert not any(e.reveals for e in events)
    outcome = sess.take_back()
    assert outcome.ok and outcome.message == "took back 0: plant 0"
    assert snapshot(sess) == start  # the log lost the undone plant's line too
    assert sess.take_back().message == "you have made no move to take back"


def test_no_take_back_after_ending_the_planting_turned_up_two_cards() -> None:
    sess = session("bohnanza", seed=1)
    play(sess, "plant 0")
    events = play(sess, "end-planting")
    assert [type(e).__name__ for e in events if e.reveals] == ["Revealed"]
    shown = snapshot(sess)
    outcome = sess.take_back()
    assert not outcome.ok
    assert outcome.message == "cannot take back end-planting: it drew or revealed cards"
    assert snapshot(sess) == shown  # the two face-up cards stay where they are
    # Nor the plant before it: the reveal stands between.
    assert sess.take_back().message == outcome.message


def test_no_take_back_after_playing_last_in_a_trick() -> None:
    sess = session("ndb", seed=4, options=["rounds=1"])
    for _ in range(100):  # play on to a trick another seat leads
        if sess.view(0)["phase"] == "play" and sess.human_to_act() == 0:
            break
        assert sess.play(0, hinted(sess, 0)).ok
        sess.run_bots()
    assert sess.view(0)["token"] != 0
    events = play(sess, str(sess.choices(0)[0]).partition(": ")[2])
    assert [type(e).__name__ for e in events] == ["PlayedFaceDown", "Revealed"]
    shown = snapshot(sess)
    outcome = sess.take_back()
    assert not outcome.ok and "it drew or revealed cards" in outcome.message
    assert snapshot(sess) == shown


def test_no_take_back_after_a_bohn_hansa_contract_is_drawn() -> None:
    sess = random_session("hansa", seed=7)
    until_listed(sess, "end-trading")
    events = play(sess, "end-trading")
    assert [e.kind for e in events if e.reveals] == ["drew"]
    assert sess.human_to_act() == 0  # the turn is not over: nobody else has moved
    outcome = sess.take_back()
    assert outcome.message == "cannot take back end-trading: it drew or revealed cards"


def test_bohn_hansa_purchases_are_taken_back_one_by_one() -> None:
    sess = random_session("hansa", seed=7)
    until_listed(sess, "end-trading")
    states = [snapshot(sess)]
    for _ in range(2):
        buy = next(str(a) for a in sess.choices(0) if str(a).startswith("0: buy "))
        play(sess, buy.partition(": ")[2])
        states.append(snapshot(sess))
    states.pop()
    while states:  # u, then u again: one purchase further back each time
        assert sess.take_back().ok
        assert snapshot(sess) == states.pop()
    # Before the purchases, the journey: its Nachschub turned up a Neue-Ernte card.
    assert sess.steps[-1].reveals and sess.actions[-1].startswith("0: go ")
    assert "it drew or revealed cards" in sess.take_back().message


def test_no_take_back_once_another_seat_has_moved() -> None:
    sess = session("ndb", seed=4, options=["rounds=1"])
    assert sess.view(0)["token"] == 0
    events = play(sess, str(sess.choices(0)[0]).partition(": ")[2])  # the lead: face up
    assert not any(e.reveals for e in events)
    assert sess.run_bots() > 0
    moved = sess.steps[1].seat
    shown = snapshot(sess)
    outcome = sess.take_back()
    assert outcome.message == f"cannot take back: seat {moved} has moved since"
    assert snapshot(sess) == shown


def test_an_any_time_move_in_another_seats_turn_is_taken_back() -> None:
    """The rule looks at the moves, not at whose turn it is: a harvest while another
    seat is active (bots moved before it, none after) is taken back."""
    sess = session("bohnanza", seed=1)
    sess.run_bots()
    for _ in range(400):
        harvests = [a for a in sess.choices(0) if str(a).startswith("0: harvest ")]
        if sess.view(0)["active"] != 0 and harvests:
            break
        assert sess.play(0, hinted(sess, 0)).ok
        sess.run_bots()
    else:
        raise AssertionError("no off-turn harvest came up")
    assert sess.steps[-1].seat != 0  # a bot moved last, before the harvest
    before = snapshot(sess)
    assert sess.play(0, harvests[-1]).ok
    outcome = sess.take_back()
    assert outcome.ok, outcome.message
    assert snapshot(sess) == before


def test_the_refusal_is_on_the_screen() -> None:
    asyncio.run(_the_refusal_is_on_the_screen())


async def _the_refusal_is_on_the_screen() -> None:
    sess = session("bohnanza", seed=1)
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("colon", *"plant 0", "enter")
        await pilot.press("colon", *"end-planting", "enter")
        face_up = sess.view(0)["face_up"]
        assert len(face_up) == 2
        await pilot.press("u")
        text = screen_text(app)
        assert "cannot take back end-planting: it drew or revealed cards" in text
        assert sess.view(0)["face_up"] == face_up and sess.actions[-1] == "0: end-planting"
