"""The Bohnanza page against the engine itself: the page is given a seat's view and
legal moves made by the engine (no table, no server but for the page's files), and
what it writes is read back by the engine: proposals and counters composed by clicking
are legal and in canonical notation, an offer payable in many ways offers a list."""

from __future__ import annotations

from collections import Counter
from typing import Any

from playwright.sync_api import Page, expect

from bohnen.core.protocol import AnyState
from bohnen.core.registry import get_game

from .conftest import People

GAME = get_game("bohnanza")
SEATS = [{"seat": s, "kind": "person", "name": n, "bot": None, "standin": None,
          "connected": True} for s, n in enumerate(("Ada", "Bea", "Cem"))]

RENDER = """async ([view, legal, seat, seats]) => {
  const { html, render } = await import('/static/html.js');
  const { Board } = await import('/static/games/bohnanza.js');
  render(null, document.getElementById('app'));  // the lobby leaves
  window.sent = [];
  const send = (text) => { window.sent.push(text); return true; };
  render(html`<${Board} view=${view} legal=${legal} seat=${seat} send=${send} seats=${seats} />`,
    document.getElementById('app'));
}"""


def _show(page: Page, state: AnyState, seat: int) -> None:
    """The page draws ``seat``'s view and moves of ``state``."""
    legal = [str(a) for a in state.legal_actions(seat)]
    page.evaluate(RENDER, [dict(state.view(seat)), legal, seat, SEATS])
    page.get_by_role("region", name="Bohnanza table").wait_for()


def _sent(page: Page) -> list[str]:
    sent: list[str] = page.evaluate("window.sent")
    return sent


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
    choice.select_option(accepts[2])
    offer.get_by_role("button", name="Accept", exact=True).click()
    assert _sent(page) == [accepts[2]]
    # the labels name the cards by bean and place
    labels = choice.locator("option").all_inner_texts()
    assert all("(card " in label for label in labels)


def test_the_moves_are_read_and_proposals_written_as_the_docs_say(people: People) -> None:
    page = people.new("/")
    got = page.evaluate("""async () => {
      const m = await import('/static/games/bohnanza/moves.js');
      const order = ['BL', 'FE', 'SA', 'BR', 'SO', 'AU', 'RO', 'GA'];
      const sorted = m.sortMoves(['2: plant RO 0', '2: plant-traded SO 1', '1: harvest 0',
        '0: plant 1', '2: accept 1 give h3', '0: withdraw 4', '1: buy-field', '1: pass']);
      return {
        expert: m.proposalNotation({ seat: 0, to: 1, hand: [2], talers: 1, wants: ['RO'],
          wantsTalers: 2, order }),
        counter: m.proposalNotation({ seat: 1, pid: 3, hand: [1], wants: ['AU', 'SO'], order }),
        empty: m.proposalNotation({ seat: 1, to: 0, order }),
        traded: [...sorted.traded.entries()].map(([f, l]) => [f, l.map((x) => x.bean)]),
        plant: [...sorted.plant.keys()], harvest: [...sorted.harvest.keys()],
        accept: [...sorted.accept.entries()].map(([p, l]) => [p, l.map((x) => m.acceptGives(x))]),
        withdraw: [...sorted.withdraw.keys()],
        general: sorted.general.map((x) => x.verb),
      };
    }""")
    assert got == {
        "expert": "0: propose 1 give h2,t1 want RO,t2",  # the example of docs/bohnanza.md
        "counter": "1: counter 3 give h1 want SO,AU",
        "empty": None,
        "traded": [[0, ["RO"]], [1, ["SO"]]],
        "plant": [1], "harvest": [0], "accept": [[1, [["h3"]]]], "withdraw": [4],
        "general": ["buy-field", "pass"],
    }
    for text in (got["expert"], got["counter"]):
        assert str(GAME.parse_action(text)) == text
