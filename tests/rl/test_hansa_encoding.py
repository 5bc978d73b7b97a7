"""The Bohn Hansa encoding (bohnen/rl/hansa.py): games played to the end by masks alone,
every notation it completes accepted by the engine, deals composed by one path each,
hidden information invariance, and the vector's blocks against the view."""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest

np = pytest.importorskip("numpy")

from bohnen.core.registry import get_game  # noqa: E402
from bohnen.rl.encoding import Legal, engine_legal  # noqa: E402
from bohnen.rl.hansa import HansaEncoding  # noqa: E402
from bohnen.rl.hansa_vector import MAX_PLAYERS, PHASES  # noqa: E402

GAME = get_game("hansa")
View = dict[str, Any]
ENCODINGS = {players: HansaEncoding(players) for players in (3, 4, 5)}


def legal(state: Any, seat: int) -> Legal:
    """What the environment hands the encoding: the seat's legal actions as the engine's
    JSON (for a seat the game does not wait on, the contracts it may buy at any time),
    with its proposal terms."""
    return engine_legal(state, seat)


def turn_of(enc: HansaEncoding, state: Any, seat: int, rng: random.Random) -> str:
    """One seat's whole action (or yield), chosen uniformly among the ids of each mask;
    every draft's mask and vector checked on the way."""
    view = cast(View, state.view(seat))
    draft: Hashable = enc.start(view, legal(state, seat))
    waited = seat in state.to_act()
    for _ in range(2 + enc.give_cap + enc.want_cap + enc.buy_cap):
        mask = enc.mask(draft)
        assert mask.dtype == np.int8 and mask.shape == (enc.action_count,)
        assert mask.sum() > 0
        assert bool(mask[enc.ids["yield"]]) is not waited
        obs = enc.observe(view, draft)
        assert obs.dtype == np.float32 and obs.shape == (enc.observation_size,)
        assert float(obs.min()) >= 0.0 and float(obs.max()) <= 1.0
        draft, text = enc.choose(draft, rng.choice(np.flatnonzero(mask).tolist()))
        if text is not None:
            return text
    raise AssertionError("a draft was still open after the longest deal")


def play(players: int, seed: int, poll_all: bool = False) -> tuple[Any, dict[str, int]]:
    """A game played by masks alone. After a seat's whole action or yield, the next seat
    after it among ``to_act()`` (``poll_all``: among every seat, the others buying
    contracts or yielding). Every completed notation is checked by the engine."""
    enc, rng = ENCODINGS[players], random.Random(seed)
    state = GAME.new_game(GAME.options(players), seed)
    counts = {"actions": 0, "yields": 0, "deals": 0, "accepts": 0, "out_of_turn": 0}
    seat = state.to_act()[0]
    while not state.is_over:
        text = turn_of(enc, state, seat, rng)
        if text == "":
            assert seat not in state.to_act()
            counts["yields"] += 1
        else:
            action = GAME.parse_action(text)
            counts["out_of_turn"] += seat not in state.to_act()
            state.check(action)
            state.apply(action)
            counts["actions"] += 1
            counts_deal(state, text, counts)
        assert counts["actions"] < 5000, "the game did not end"
        seat = next_seat(state, seat, players, poll_all)
    return state, counts


def counts_deal(state: Any, text: str, counts: dict[str, int]) -> None:
    verb = text.split()[1]
    if verb in ("propose", "counter"):
        counts["deals"] += 1
        answer = state.to_act()[0]
        assert any(str(a).split()[1] == "accept" for a in state.legal_actions(answer)), (
            f"the deal {text} cannot be accepted")
    counts["accepts"] += verb == "accept"


def next_seat(state: Any, seat: int, players: int, poll_all: bool) -> int:
    if state.is_over:
        return seat
    order = [(seat + k) % players for k in range(1, players + 1)]
    return next(s for s in order if poll_all or s in state.to_act())


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_play_by_masks_ends_the_game(players: int, seed: int) -> None:
    state, counts = play(players, seed)
    assert state.view(0)["result"] is not None
    assert counts["deals"] > 0 and counts["yields"] == counts["out_of_turn"] == 0


@pytest.mark.parametrize("players", [3, 5])
def test_random_play_polling_every_seat_yields_and_ends(players: int) -> None:
    state, counts = play(players, seed=7, poll_all=True)
    assert state.is_over and counts["yields"] > 0 and counts["out_of_turn"] > 0


def test_deals_composed_by_masks_are_accepted_sometimes() -> None:
    accepts = sum(play(4, seed)[1]["accepts"] for seed in range(3))
    assert accepts > 0


# --- one path per deal --------------------------------------------------------------------


def positions(players: int, seed: int, phase: str) -> Iterator[tuple[Any, int]]:
    """(state, acting seat) at every decision of ``phase`` in a game of random legal
    actions (proposals now and then, so that counters are reached)."""
    state = GAME.new_game(GAME.options(players), seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act()[0]
        if state.view(seat)["phase"] == phase:
            yield state, seat
        proposals = state.proposals(seat)
        if len(proposals) and rng.random() < 0.3:
            state.apply(proposals[rng.randrange(len(proposals))])
        else:
            state.apply(rng.choice(state.legal_actions(seat)))


def completions(enc: HansaEncoding, draft: Hashable) -> Iterator[str]:
    """Every notation reachable from ``draft`` (each path once)."""
    for action_id in np.flatnonzero(enc.mask(draft)).tolist():
        after, text = enc.choose(draft, action_id)
        if text is None:
            yield from completions(enc, after)
        else:
            yield text


def deal_key(text: str) -> str:
    """An action's JSON with each side of a deal as a multiset (sorted)."""
    data = GAME.parse_action(text).to_json()
    return repr(sorted((k, sorted(v) if isinstance(v, list) else v) for k, v in data.items()))


def test_every_completion_in_trade_phases_is_legal_and_reached_once() -> None:
    enc = HansaEncoding(4, give_cap=2, want_cap=2, buy_cap=1)
    seen_counter = checked = 0
    for n, (state, seat) in enumerate(positions(4, 3, "trade")):
        if n % 12:
            continue
        view = state.view(seat)
        texts = list(completions(enc, enc.start(view, legal(state, seat))))
        deals = {deal_key(text) for text in texts}
        assert len(texts) == len(deals), "a deal reached by two paths"
        for text in texts:
            state.check(GAME.parse_action(text))
        checked += len(texts)
        seen_counter += any(t.split()[1] == "counter" for t in texts)
    assert checked > 100 and seen_counter > 0


def test_deals_follow_the_canonical_order_and_caps() -> None:
    enc = ENCODINGS[4]
    state, seat = next(p for p in positions(4, 5, "trade")
                       if p[0].view(p[1])["pending"] is None and p[1] == p[0].view(0)["active"])
    draft = enc.start(state.view(seat), legal(state, seat))
    start = next(i for i in np.flatnonzero(enc.mask(draft)) if
                 enc.action_name(int(i)).startswith("propose"))
    draft, text = enc.choose(draft, int(start))
    assert text is None
    steps = {enc.action_name(int(i)) for i in np.flatnonzero(enc.mask(draft))}
    assert "submit" in steps or any(s.startswith(("give", "want", "buy-for")) for s in steps)
    assert not any(s.startswith(("propose", "stay", "end-trading", "yield")) for s in steps)
    wants = sorted(s for s in steps if s.startswith("want"))
    if len(wants) >= 2:  # a later bean first: an earlier one is closed afterwards
        draft, _ = enc.choose(draft, enc.ids[wants[-1]])
        after = {enc.action_name(int(i)) for i in np.flatnonzero(enc.mask(draft))}
        assert wants[0] not in after and not any(s.startswith("give") for s in after)
        assert "submit" in after


def test_the_proposals_cap_closes_new_deals() -> None:
    enc = HansaEncoding(4, proposals=0)
    for state, seat in positions(4, 3, "trade"):
        mask = enc.mask(enc.start(state.view(seat), legal(state, seat)))
        names = {enc.action_name(int(i)) for i in np.flatnonzero(mask)}
        assert not any(n.startswith(("propose", "counter")) for n in names)


# --- hidden information -------------------------------------------------------------------


def walk_draft(enc: HansaEncoding, draft: Hashable, rng: random.Random) -> list[Hashable]:
    """The drafts along one random composition, the first included."""
    drafts = [draft]
    for _ in range(8):
        draft, text = enc.choose(draft, rng.choice(np.flatnonzero(enc.mask(draft)).tolist()))
        if text is not None:
            break
        drafts.append(draft)
    return drafts


@pytest.mark.parametrize("players", [3, 5])
def test_hidden_information_changes_no_vector_nor_mask(players: int) -> None:
    enc, rng = ENCODINGS[players], random.Random(players)
    differed = compared = 0
    state = GAME.new_game(GAME.options(players), 11)
    while not state.is_over:
        for seat in range(players):
            twin = state.determinize(seat, rng)
            differed += twin.to_json() != state.to_json()
            a = enc.start(state.view(seat), legal(state, seat))
            b = enc.start(twin.view(seat), legal(twin, seat))
            for da, db in zip(walk_draft(enc, a, random.Random(compared)),
                              walk_draft(enc, b, random.Random(compared)), strict=True):
                assert (enc.mask(da) == enc.mask(db)).all()
                assert (enc.observe(state.view(seat), da) ==
                        enc.observe(twin.view(seat), db)).all()
            compared += 1
        seat = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    assert compared > 100 and differed > compared // 2


# --- the layout against the view ------------------------------------------------------------


def block(enc: HansaEncoding, obs: Any, name: str) -> Any:
    return obs[enc.layout[name].slice]


def test_sizes_ids_and_version() -> None:
    sizes = {(e.observation_size, e.action_count) for e in ENCODINGS.values()}
    assert len(sizes) == 1  # padded to 5 seats: one size for 3, 4 and 5 players
    enc = ENCODINGS[4]
    assert enc.game == "hansa" and enc.version == 1
    assert enc.observation_size == enc.layout.size == sum(f.size for f in enc.layout.fields)
    assert len(set(enc.names)) == enc.action_count
    assert enc.action_name(0) == "yield" and enc.action_name(enc.action_count - 1) == "submit"
    assert len([n for n in enc.names if n.startswith("go ")]) == 14
    with pytest.raises(ValueError, match="no action id"):
        enc.action_name(enc.action_count)
    with pytest.raises(ValueError, match="3 to 5 players"):
        HansaEncoding(2)


def test_a_view_of_another_size_or_board_is_refused() -> None:
    state = GAME.new_game(GAME.options(3), 1)
    with pytest.raises(ValueError, match="for 4 players"):
        ENCODINGS[4].observe(state.view(0), None)
    view = dict(state.view(0))
    board = dict(view["board"])
    board["cities"] = board["cities"][:-1]
    view["board"] = board
    with pytest.raises(ValueError, match="another board"):
        ENCODINGS[3].start(view, legal(state, 0))


def test_an_illegal_id_is_refused() -> None:
    state = GAME.new_game(GAME.options(4), 1)
    enc = ENCODINGS[4]
    draft = enc.start(state.view(0), legal(state, 0))
    closed = int(np.flatnonzero(enc.mask(draft) == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        enc.choose(draft, closed)
    for wrong in (True, 1.0, "1"):
        with pytest.raises(ValueError, match="is an integer"):
            enc.choose(draft, wrong)


def test_drafts_pickle_and_numpy_integers_are_ids() -> None:
    state = GAME.new_game(GAME.options(4), 1)
    enc = ENCODINGS[4]
    draft = enc.start(state.view(0), legal(state, 0))
    assert pickle.loads(pickle.dumps(draft)) == draft
    first = np.flatnonzero(enc.mask(draft))[0]  # an np.int64, as environments pass
    assert enc.choose(draft, first) == enc.choose(draft, int(first))
    assert enc.action_name(np.int64(0)) == "yield"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_blocks_match_the_view(players: int) -> None:
    enc = ENCODINGS[players]
    for state, seat in positions(players, 2, "trade"):
        view = state.view(seat)
        obs = enc.observe(view, None)
        break
    cities = enc.board.cities
    assert block(enc, obs, "phase").tolist() == [float(p == "trade") for p in PHASES]
    active = block(enc, obs, "active").tolist()
    assert active.index(1.0) == (view["active"] - seat) % players
    width = len(block(enc, obs, "players")) // MAX_PLAYERS
    rows = block(enc, obs, "players").reshape(MAX_PLAYERS, width)
    for r in range(MAX_PLAYERS):
        if r >= players:
            assert not rows[r].any()
            continue
        p = view["players"][(seat + r) % players]
        assert rows[r][0] == 1.0
        assert rows[r][1:1 + len(cities)].tolist().index(1.0) == cities.index(p["city"])
        assert rows[r][1 + len(cities)] == pytest.approx(min(p["money"] / 200, 1.0))
        beans = rows[r][3 + len(cities):3 + len(cities) + 8] * 8
        assert beans.round().astype(int).tolist() == [p["beans"].get(b, 0)
                                                       for b in enc.board.beans]
    hand = view["players"][seat]["hand"]
    cards = block(enc, obs, "hand").reshape(enc.hand_slots, -1)
    assert int(cards[:, 0].sum()) == len(hand)
    for card, row in zip(hand, cards, strict=False):
        if card.startswith("T"):
            assert row[1] == 1.0 and row[3:10].tolist().index(1.0) == int(card[1:]) - 1
        else:
            facts = view["contracts"][card]
            assert row[2] == 1.0
            assert row[12:12 + len(cities)].tolist().index(1.0) == cities.index(facts["city"])
            assert row[-1] == pytest.approx(facts["payout"] / 80)
    here = next(c for c in view["cities"] if c["code"] == view["players"][seat]["city"])
    per_city = block(enc, obs, "cities").reshape(len(cities), -1)
    row = per_city[cities.index(here["code"])]
    for i, bean in enumerate(enc.board.beans):
        assert row[i] == pytest.approx(min(here["prices"].get(bean, 0) / 20, 1.0))
        assert row[8 + i] == float(bean in here["prices"])
    supply = block(enc, obs, "supply") * 18
    assert supply.round().astype(int).tolist() == [view["supply"][b] for b in enc.board.beans]
    assert not block(enc, obs, "draft").any()


def test_the_draft_block_shows_the_seats_own_deal() -> None:
    enc = ENCODINGS[4]
    for state, seat in positions(4, 5, "trade"):
        draft = enc.start(state.view(seat), legal(state, seat))
        starts = [int(i) for i in np.flatnonzero(enc.mask(draft))
                  if enc.action_name(int(i)).startswith("propose")]
        if starts:
            break
    draft, _ = enc.choose(draft, starts[0])
    r = int(enc.action_name(starts[0]).split("+")[1])
    deal = block(enc, enc.observe(state.view(seat), draft), "draft")
    assert deal[0] == 1.0 and deal[1] == 0.0 and deal[2 + r] == 1.0


# --- the section of docs/research.md ---------------------------------------------------------


def doc_section() -> str:
    text = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text("utf-8")
    start = text.index("## Bohn Hansa encoding")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def doc_table(header: str) -> list[list[str]]:
    section = doc_section()
    start = section.index(header)
    rows = section[start:section.index("\n\n", start)].splitlines()[2:]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


@pytest.mark.parametrize("code", re.findall(r"^```python\n(.*?)^```", doc_section(),
                                            re.MULTILINE | re.DOTALL))
def test_the_docs_python_runs(code: str) -> None:
    exec(compile(code, "docs/research.md", "exec"), {})


def test_the_docs_ids_table_names_the_ids() -> None:
    enc = ENCODINGS[4]
    rows = doc_table("| ids | action |")
    assert len(rows) == 16
    for ids, action in rows:
        base = int(re.match(r"\d+", ids).group())  # type: ignore[union-attr]
        word = re.search(r"`([^`]+)`", action).group(1).split()[0]  # type: ignore[union-attr]
        assert enc.names[base].split()[0] == word, (ids, action)
    assert f"### Ids ({enc.action_count} for every player count)" in doc_section()


def test_the_docs_layout_table_is_the_layout() -> None:
    for enc in ENCODINGS.values():
        assert enc.layout.table() in doc_section()
    enc = ENCODINGS[4]
    assert f"{enc.observation_size} for every player count" in doc_section()
    assert {f.name for f in enc.layout.fields if f.private} == {"hand", "draft"}
    assert "`hand` and `draft` are private" in doc_section()


def test_a_changed_layout_is_not_the_docs_table() -> None:
    """The test above can fail: another hand size changes the table."""
    assert HansaEncoding(4, hand_slots=15).layout.table() not in doc_section()
