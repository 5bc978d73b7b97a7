"""The Bohnanza page against the engine itself: the page is given a seat's view, legal
moves and proposal terms made by the engine (no table, no server but for the page's
files), and what it sends (the engine's JSON) is read back by the engine: proposals and
counters composed by clicking are legal, an offer payable in many ways offers a list.
The page restates no rule: it offers the targets, cards and beans the terms give, and
no proposal where they give none, whatever the view says."""

from __future__ import annotations

from collections import Counter
from typing import Any

from playwright.sync_api import Page, expect

from bohnen.core.moves import legal_moves
from bohnen.core.protocol import AnyState, Terms
from bohnen.core.registry import get_game

from .conftest import People

GAME = get_game("bohnanza")
SEATS = [{"seat": s, "kind": "person", "name": n, "bot": None, "standin": None,
          "connected": True} for s, n in enumerate(("Ada", "Bea", "Cem"))]

RENDER = """async ([view, moves, terms, seat, seats]) => {
  const { html, render } = await import('/static/html.js');
  const { Board } = await import('/static/games/bohnanza.js');
  render(null, document.getElementById('app'));  // the lobby leaves
  window.sent = [];
  const send = (action) => { window.sent.push(action); return true; };
  render(html`<${Board} view=${view} moves=${moves} terms=${terms} seat=${seat} send=${send}
    seats=${seats} />`, document.getElementById('app'));
}"""


def _show(page: Page, state: AnyState, seat: int, terms: Terms | str | None = "engine") -> None:
    """The page draws ``seat``'s view, moves and terms of ``state`` (``terms``: others
    in place of the engine's)."""
    view = state.view(seat)
    moves = legal_moves(GAME, view, state.legal_actions(seat))
    given = state.proposal_terms(seat) if terms == "engine" else terms
    page.evaluate(RENDER, [dict(view), moves, given, seat, SEATS])
    page.get_by_role("region", name="Bohnanza table").wait_for()


def _sent(page: Page) -> list[str]:
    """What the page sent, each action's JSON read by the engine, in notation."""
    sent: list[Any] = page.evaluate("window.sent")
    return [str(GAME.action_from_json(action)) for action in sent]


def _trading(seed: int) -> AnyState:
    """A game of three in open trading: seat 0 planted and turned up two cards."""
    state: AnyState = GAME.new_game(GAME.options(3, trading="open"), seed)
    for text in ("0: plant 0", "0: end-planting"):
        state.apply(GAME.parse_action(text))
    return state


def _legal_as_sent(state: AnyState, text: str) -> None:
    """``text`` is legal now, and written as the engine writes it."""
    action = GAME.parse_action(text)
    state.check(action)
    assert str(action) == text


def test_a_proposal_composed_by_clicking_is_legal_and_canonical(people: People) -> None:
    page = people.new("/")
    state = _trading(3)
    view: Any = state.view(0)
    _show(page, state, 0)
    page.get_by_role("button", name="Propose a trade…").click()
    composer = page.get_by_role("form", name="Propose a trade")
    composer.get_by_label("To").select_option(label="Cem")
    for name in ("give-h2", "give-h0", "give-f1"):  # clicked out of order
        composer.locator(f"button[name={name}]").click()
    codes = [b["code"] for b in view["legend"]]
    for code in (codes[5], codes[1], codes[5]):  # two of one bean, one of another
        composer.locator(f"button[name=want-{code}]").click()
    composer.locator("button[name=give-h2]").click()  # and one card taken back
    composer.get_by_role("button", name="Send the proposal").click()
    (text,) = _sent(page)
    assert text == f"0: propose 2 give h0,f1 want {codes[1]},{codes[5]},{codes[5]}"
    _legal_as_sent(state, text)


def test_a_gift_and_a_counter_are_legal(people: People) -> None:
    page = people.new("/")
    state = _trading(3)
    _show(page, state, 1)  # Bea gives her front card to the active seat
    page.get_by_role("button", name="Propose a trade…").click()
    composer = page.get_by_role("form", name="Propose a trade")
    expect(composer.get_by_label("To").locator("option")).to_have_count(1)  # Ada only
    composer.locator("button[name=give-h0]").click()
    composer.get_by_role("button", name="Send the gift").click()
    (gift,) = _sent(page)
    assert gift == "1: propose 0 give h0"
    _legal_as_sent(state, gift)

    wanted = state.view(1)["players"][1]["hand"][1]
    state.apply(GAME.parse_action(f"0: propose 1 give f0 want {wanted}"))
    _show(page, state, 1)
    page.locator(".offer[data-pid='1']").get_by_role("button", name="Counter…").click()
    counter = page.get_by_role("form", name="Counter offer 1")
    counter.locator("button[name=give-h3]").click()
    counter.locator(f"button[name=want-{state.view(1)['face_up'][1]}]").click()
    counter.get_by_role("button", name="Send the counter").click()
    text = _sent(page)[-1]
    assert text.startswith("1: counter 1 give h3 want ")
    _legal_as_sent(state, text)


def test_an_offer_payable_in_many_ways_gives_a_list(people: People) -> None:
    # a seat holding two cards of each of two beans, asked for one of each: 4 ways
    seed = next(s for s in range(1_000) if sum(
        n >= 2 for n in Counter(_trading(s).view(1)["players"][1]["hand"]).values()) >= 2)
    state = _trading(seed)
    hand = state.view(1)["players"][1]["hand"]
    pair = sorted({b for b in hand if hand.count(b) >= 2})[:2]
    state.apply(GAME.parse_action(f"0: propose 1 give f0 want {','.join(pair)}"))
    accepts = [str(a) for a in state.legal_actions(1) if str(a).startswith("1: accept 1")]
    assert len(accepts) == 4
    page = people.new("/")
    _show(page, state, 1)
    offer = page.locator(".offer[data-pid='1']")
    choice = offer.get_by_label("Cards to give")
    expect(choice.locator("option")).to_have_count(4)
    choice.select_option(index=2)  # in the order of the moves
    offer.get_by_role("button", name="Accept", exact=True).click()
    assert _sent(page) == [accepts[2]]
    # the labels name the cards by bean and place
    labels = choice.locator("option").all_inner_texts()
    assert all("(card " in label for label in labels)


def test_the_moves_are_sorted_and_proposals_written_as_json(people: People) -> None:
    page = people.new("/")
    state = _trading(3)
    moves = legal_moves(GAME, state.view(0), state.legal_actions(0))
    got = page.evaluate("""async (moves) => {
      const m = await import('/static/games/bohnanza/moves.js');
      const move = (action) => ({ action, text: '', notation: '' });
      const sorted = m.sortMoves([...moves, move({ type: 'plant-traded', seat: 2, bean: 'RO',
        field: 0 }), move({ type: 'accept', seat: 2, pid: 1, hand: [3], face_up: [] }),
        move({ type: 'withdraw', seat: 0, pid: 4 })]);
      const to = { seat: 1, pid: null, invite: false, empty: false };
      const counter = { seat: 2, pid: 3, invite: false, empty: false };
      return {
        expert: m.proposalAction({ seat: 0, target: to, hand: [2], talers: 1, wants: ['RO'],
          wantsTalers: 2 }),
        counter: m.proposalAction({ seat: 1, target: counter, hand: [1], wants: ['AU', 'SO'] }),
        empty: m.proposalAction({ seat: 1, target: to }),
        gift: m.proposalAction({ seat: 1, target: { ...to, empty: true } }),
        traded: [...sorted.traded.entries()].map(([f, l]) => [f, l.map((x) => x.action.bean)]),
        harvest: [...sorted.harvest.keys()], accept: [...sorted.accept.keys()],
        withdraw: [...sorted.withdraw.keys()], buyField: sorted.buyField !== null,
        general: sorted.general.map((x) => x.action.type),
      };
    }""", moves)
    assert str(GAME.action_from_json(got["expert"])) == "0: propose 1 give h2,t1 want RO,t2"
    assert str(GAME.action_from_json(got["counter"])) == "1: counter 3 give h1 want SO,AU"
    assert got["empty"] is None and got["gift"]["type"] == "propose"
    assert got["traded"] == [[0, ["RO"]]] and got["accept"] == [1] and got["withdraw"] == [4]
    assert got["harvest"] == sorted(
        a.field for a in state.legal_actions(0) if type(a).__name__ == "Harvest")
    assert got["general"] == [m["action"]["type"] for m in moves
                              if m["action"]["type"] == "close-trading"]


def test_the_composer_offers_what_the_terms_give_and_nothing_else(people: People) -> None:
    """Terms that are not the engine's (a seat that is not the active one offered a
    seat the rules would refuse, two hand cards of its five, one bean): the page offers
    exactly them; with no terms, no proposal and no counter, though the view is of open
    trading with an offer made to the seat."""
    page = people.new("/")
    state = _trading(3)
    terms: Terms = {"targets": [{"seat": 0, "pid": None, "invite": False, "empty": False},
                                {"seat": 2, "pid": None, "invite": False, "empty": False}],
                    "left": 7, "give": {"h1": 1, "h3": 1}, "want": {"RO": 2},
                    "buy": {}}
    _show(page, state, 1, terms)
    page.get_by_role("button", name="Propose a trade…").click()
    composer = page.get_by_role("form", name="Propose a trade")
    assert composer.get_by_label("To").locator("option").all_inner_texts() == ["Ada", "Cem"]
    names = composer.locator("fieldset button[name]").evaluate_all(
        "els => els.map(e => e.name)")
    assert names == ["give-h1", "give-h3", "want-RO"]
    assert "(7 proposals left this turn)" in composer.inner_text()
    composer.get_by_label("To").select_option(label="Cem")
    composer.locator("button[name=give-h3]").click()
    for _ in range(2):
        composer.locator("button[name=want-RO]").click()
    assert composer.locator("button[name=want-RO]").is_disabled()  # the terms' bound
    composer.get_by_role("button", name="Send the proposal").click()
    assert _sent(page) == ["1: propose 2 give h3 want RO,RO"]

    state.apply(GAME.parse_action("0: propose 1 give f0"))
    _show(page, state, 1, None)
    assert page.locator(".offer[data-pid='1']").count() == 1
    expect(page.get_by_role("button", name="Propose a trade…")).to_have_count(0)
    expect(page.get_by_role("button", name="Counter…")).to_have_count(0)
    assert page.locator("form.composer").count() == 0
    countered: Terms = {"targets": [{"seat": 0, "pid": 1, "invite": False, "empty": False}],
                        "left": None, "give": {"h0": 1}, "want": {}, "buy": {}}
    _show(page, state, 1, countered)  # a counter only: no new proposal
    expect(page.get_by_role("button", name="Propose a trade…")).to_have_count(0)
    page.locator(".offer[data-pid='1']").get_by_role("button", name="Counter…").click()
    counter = page.get_by_role("form", name="Counter offer 1")
    assert counter.locator("fieldset button[name]").evaluate_all(
        "els => els.map(e => e.name)") == ["give-h0"]
