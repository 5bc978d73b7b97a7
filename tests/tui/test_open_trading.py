"""Open trading against bots at the terminal (issue 36): every open offer is on the
screen, the person proposes, counters, accepts and withdraws, and harvests at any
moment; the bots act or wait as at the online table (the core's ``may_wait`` and
``Wait``), here on a clock the test moves by hand, so that nothing depends on time."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from bohnen.bohnanza.actions import Counter as BohnanzaCounter
from bohnen.bohnanza.actions import Propose
from bohnen.bohnanza.heuristic import PATIENCE
from bohnen.bohnanza.heuristic.trading import MAX_OTHER, MAX_OWN
from bohnen.cli import main
from bohnen.core.bots import Rests, Wait
from bohnen.tui.app import BohnenApp
from bohnen.tui.session import Session

from .helpers import SIZE, app_for, screen_name, screen_text, session

BIG = (160, 48)
STEPS = 5000
SLOW = 60.0  # seconds between bot moves: none moves while a test presses keys
Compare = Callable[..., bool]


class Clock:
    """A clock that moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def open_session(seed: int = 3) -> tuple[Session, Clock]:
    """One person (seat 0) against three heuristic bots, open trading, a hand clock."""
    sess = session("bohnanza", seed=seed, options=["trading=open"])
    clock = Clock()
    sess.clock = clock
    sess.rests = Rests(clock())
    return sess, clock


def offer_to_person(sess: Session) -> dict[str, Any] | None:
    """The first open offer a bot made to seat 0, if any."""
    trading = sess.view(0)["trading"]
    if trading is None:
        return None
    return next((p for p in trading["proposals"] if p["to"] == 0), None)


def drive(sess: Session, clock: Clock, until: Callable[[Session], bool]) -> None:
    """Play until ``until`` holds: the bots act or wait; the person plays the hint
    outside trading and, when active, closes trading once the bots have had their say;
    else time passes, a second at a time."""
    for _ in range(STEPS):
        if until(sess):
            return
        if sess.is_over:
            raise AssertionError("the game ended first")
        if sess.step_bot():
            continue
        view = sess.view(0)
        if sess.human_to_act() == 0 and view["phase"] != "trade":
            action = sess.hint(0)
            assert action is not None
            assert sess.play(0, action).ok
        elif (sess.human_to_act() == 0 and view["active"] == 0
              and clock.now - sess.rests.since > 3 * PATIENCE):
            assert sess.play_text(0, "close-trading").ok
        else:
            clock.now += 1.0
    raise AssertionError("the moment never came")


def offered(sess: Session) -> bool:
    return offer_to_person(sess) is not None


def payable_offer(sess: Session) -> bool:
    """A bot's offer to seat 0 that seat 0 can pay is open."""
    offer = offer_to_person(sess)
    return offer is not None and any(
        str(a).startswith(f"0: accept {offer['pid']}") for a in sess.choices(0))


def bot_active_trading(sess: Session) -> bool:
    view = sess.view(0)
    return bool(view["phase"] == "trade" and view["active"] != 0)


# --- the session --------------------------------------------------------------------


def test_open_trading_is_playable_against_bots_but_not_at_one_keyboard() -> None:
    sess, _clock = open_session()
    assert sess.live
    with pytest.raises(ValueError, match="open trading is played by one person"):
        session("bohnanza", options=["trading=open"], hotseat=True)


def test_bohnen_play_starts_an_open_trading_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before issue 36 ``bohnen play --option trading=open`` was refused."""
    apps: list[BohnenApp] = []
    monkeypatch.setattr(BohnenApp, "run", lambda self, *args, **kwargs: apps.append(self))
    assert main(["play", "--option", "trading=open", "--seed", "3"]) == 0
    assert len(apps) == 1 and apps[0].session.live
    assert apps[0].session.options.to_json()["trading"] == "open"


def test_the_bots_wait_for_a_quiet_table_then_act() -> None:
    """As at the online table: in phase 2 the bots answer nothing (no offer to them) and
    wait ``PATIENCE`` seconds of quiet before their own offers and the close."""
    sess, clock = open_session()
    drive(sess, clock, bot_active_trading)
    before = len(sess.actions)
    waited = clock.now - sess.rests.since
    assert waited < PATIENCE
    assert not sess.step_bot()  # every bot waits: the table is not quiet yet
    assert len(sess.actions) == before
    wake = sess.rests.wake()
    assert wake is not None and wake == pytest.approx(sess.rests.since + PATIENCE)
    clock.now = wake
    assert sess.step_bot()  # the quiet is over: a bot acts
    assert len(sess.actions) == before + 1


def test_a_bot_the_game_waits_on_is_never_left_resting() -> None:
    """The active bot may wait only while another seat can move: a bot that waits
    where its decision does not allow it is asked again without the choice."""
    sess, clock = open_session()
    drive(sess, clock, lambda s: s.view(0)["phase"] == "plant" and s.view(0)["active"] != 0)
    active = sess.view(0)["active"]

    class Stubborn:
        name, needs_view, proposes = "stubborn", True, True

        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def act(self, decision: Any, rng: Any) -> Any:
            return Wait() if decision.may_wait else self.inner.act(decision, rng)

    sess.bots[active] = Stubborn(sess.bots[active])
    assert sess.step_bot()  # it plants: the game cannot go on without it
    assert sess.actions[-1].startswith(f"{active}: plant")


def test_the_person_may_act_while_the_bots_may() -> None:
    sess, clock = open_session()
    drive(sess, clock, bot_active_trading)
    assert sess.human_to_act() == 0  # seat 0 may propose to the active bot
    active = sess.view(0)["active"]
    outcome = sess.play_text(0, f"propose {active} give h0")
    assert outcome.ok, outcome.message


def test_over_a_whole_game_the_bots_offers_are_few() -> None:
    """Issue 36: the bots made 226 proposals and counters over 31 turns. Live, each bot
    makes at most its share a turn (``MAX_OWN`` as the active player, else
    ``MAX_OTHER``), counters included."""
    sess, clock = open_session(seed=5)
    made: Counter[tuple[int, int, int]] = Counter()
    apply = sess.apply_move

    def counted(action: Any) -> None:
        if isinstance(action, Propose | BohnanzaCounter):
            made[(sess.state.turn, action.seat, sess.view(0)["active"])] += 1
        apply(action)

    sess.apply_move = counted  # type: ignore[method-assign]
    drive(sess, clock, lambda s: s.is_over)
    assert sum(made.values()) > 10
    for (turn, seat, active), count in made.items():
        assert count <= (MAX_OWN if seat == active else MAX_OTHER), (turn, seat, count)


# --- the screen ---------------------------------------------------------------------


def test_a_bots_offer_is_shown_and_the_person_accepts_it() -> None:
    asyncio.run(_a_bots_offer_is_shown_and_the_person_accepts_it())


async def _a_bots_offer_is_shown_and_the_person_accepts_it() -> None:
    sess, clock = open_session()
    drive(sess, clock, payable_offer)
    offer = offer_to_person(sess)
    assert offer is not None
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert f"#{offer['pid']} seat {offer['from']}→0" in text
        assert "Open trading" in text
        listed = sess.choices(0)
        accept = next(n for n, a in enumerate(listed, 1)
                      if str(a).startswith(f"0: accept {offer['pid']}"))
        await pilot.press(str(accept))
        await pilot.pause()
        assert str(listed[accept - 1]) in sess.actions
        text = screen_text(app)
        assert f"#{offer['pid']} seat" not in text  # no longer open
        assert f"Proposal {offer['pid']} accepted" in text


def test_the_person_harvests_during_trading() -> None:
    asyncio.run(_the_person_harvests_during_trading())


async def _the_person_harvests_during_trading() -> None:
    sess, clock = open_session()
    drive(sess, clock, lambda s: bot_active_trading(s) and bool(
        [a for a in s.any_time_choices(0) if "harvest" in str(a)]))
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = next(a for a in sess.any_time_choices(0) if "harvest" in str(a))
        number = int(str(field).rsplit(" ", 1)[1])
        await pilot.press("v", str(number))
        await pilot.pause()
        assert str(field) in sess.actions
        assert sess.view(0)["phase"] in ("trade", "plant_traded", "plant")
        assert "sells" in screen_text(app)


def test_on_the_screen_the_bots_wait_then_act() -> None:
    asyncio.run(_on_the_screen_the_bots_wait_then_act())


async def _on_the_screen_the_bots_wait_then_act() -> None:
    sess, clock = open_session()
    drive(sess, clock, bot_active_trading)
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = len(sess.actions)
        screen = app.game_screen
        assert hasattr(screen, "tick")
        screen.tick()  # the clock stands still: nobody acts
        assert len(sess.actions) == before
        clock.now += PATIENCE
        screen.tick()
        await pilot.pause()
        assert len(sess.actions) > before
        assert screen_name(app) in ("BohnanzaScreen", "ResultScreen")


def test_the_person_proposes_and_withdraws_from_the_panel() -> None:
    asyncio.run(_the_person_proposes_and_withdraws_from_the_panel())


async def _the_person_proposes_and_withdraws_from_the_panel() -> None:
    sess, clock = open_session()
    drive(sess, clock, lambda s: bot_active_trading(s) and not offered(s))
    active = sess.view(0)["active"]
    app = BohnenApp(sess, delay=SLOW)  # no bot moves while the test presses keys
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        assert screen_name(app) == "TradePanel"
        await pilot.press("space", "tab", "enter")  # give h0, want nothing: a gift
        await pilot.pause()
        assert screen_name(app) == "BohnanzaScreen"
        assert sess.actions[-1].startswith(f"0: propose {active} give h0")
        pid = next(p["pid"] for p in sess.view(0)["trading"]["proposals"] if p["from"] == 0)
        assert f"#{pid} seat 0→{active}" in screen_text(app)
        number = next(n for n, a in enumerate(sess.choices(0), 1)
                      if str(a) == f"0: withdraw {pid}")
        await pilot.press(str(number))
        assert sess.actions[-1] == f"0: withdraw {pid}"
        assert f"#{pid} seat" not in screen_text(app)


@pytest.mark.parametrize("size", [SIZE, BIG], ids=["80x24", "160x48"])
def test_open_trading_screen(snap_compare: Compare, size: tuple[int, int]) -> None:
    sess, clock = open_session()
    drive(sess, clock, offered)
    assert snap_compare(app_for(sess), terminal_size=size)


def test_a_counter_is_shown_with_the_proposal_it_counters() -> None:
    """The person counters a bot's offer: the board marks the counter "(counters #N)"
    (the engine's event says which proposal a counter answers; the view does not)."""
    asyncio.run(_a_counter_is_shown_with_the_proposal_it_counters())


async def _a_counter_is_shown_with_the_proposal_it_counters() -> None:
    sess, clock = open_session()
    drive(sess, clock, offered)
    offer = offer_to_person(sess)
    assert offer is not None
    app = BohnenApp(sess, delay=SLOW)  # no bot moves while the test looks
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        outcome = sess.play_text(0, f"counter {offer['pid']} give h0")
        assert outcome.ok, outcome.message
        app.game_screen.redraw()
        await pilot.pause()
        mine = next(p for p in sess.view(0)["trading"]["proposals"] if p["from"] == 0)
        assert sess.counters() == {mine["pid"]: offer["pid"]}
        assert (f"#{mine['pid']} seat 0→{offer['from']}: gives Blaue; wants nothing "
                f"(a gift) (counters #{offer['pid']})") in screen_text(app)
