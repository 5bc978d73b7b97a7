"""The Bohnanza encoding (bohnen/rl/bohnanza.py), played against the engine: random play
by masks to the end, every notation it completes legal, hidden information invariance,
the vector's fields against the view, and a trade made through the ids."""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl encodings need numpy")

from bohnen.bohnanza import BohnanzaState, stacked_deck  # noqa: E402  (deals, types)
from bohnen.core.protocol import JSONObject  # noqa: E402
from bohnen.core.registry import get_game  # noqa: E402
from bohnen.rl.bohnanza import BEANS, BLOCKS, CLOSE, BohnanzaEncoding, Draft  # noqa: E402
from bohnen.rl.encoding import Legal, engine_legal  # noqa: E402

GAME = get_game("bohnanza")
State = BohnanzaState
OnDraft = Callable[[State, int, Hashable, list[int]], None]


def seen(state: State, seat: int) -> JSONObject:
    """The seat's view, as the encoding takes it (JSON)."""
    return dict(state.view(seat))


def legal(state: State, seat: int) -> Legal:
    return engine_legal(state, seat)


def next_seat(state: State, seat: int) -> int | None:
    """The next seat of ``to_act()`` after ``seat`` (clockwise), None once over."""
    waiting = state.to_act()
    if not waiting:
        return None
    later = [s for s in waiting if s > seat]
    return later[0] if later else waiting[0]


def one_action(enc: BohnanzaEncoding, state: State, seat: int, rng: random.Random,
               on_draft: OnDraft | None = None) -> str:
    """The seat composes one whole action (or yields) by random legal ids; its notation
    is checked and applied."""
    draft = enc.start(seen(state, seat), legal(state, seat))
    chosen: list[int] = []
    for _ in range(200):
        mask = enc.mask(draft)
        assert mask.dtype == np.int8 and mask.shape == (enc.action_count,)
        ids = [int(i) for i in np.flatnonzero(mask)]
        assert ids, f"empty mask for seat {seat} ({state.view(seat)['phase']})"
        if on_draft is not None:
            on_draft(state, seat, draft, chosen)
        obs = enc.observe(seen(state, seat), draft)
        assert obs.dtype == np.float32 and obs.shape == (enc.observation_size,)
        assert float(obs.min()) >= 0.0 and float(obs.max()) <= 1.0
        chosen.append(rng.choice(ids))
        draft, notation = enc.choose(draft, chosen[-1])
        if notation is not None:
            break
    else:
        raise AssertionError("a draft of 200 ids")
    if notation:
        action = GAME.parse_action(notation)
        state.check(action)
        state.apply(action)
    else:
        assert seat not in state.must_act(), "a seat the game waits on yielded"
    return notation


def play(enc: BohnanzaEncoding, state: State, seed: int,
         on_draft: OnDraft | None = None) -> list[str]:
    """Random play by masks, rotating among ``to_act()`` after each action or yield."""
    rng = random.Random(seed)
    seat: int | None = state.to_act()[0]
    notations: list[str] = []
    while seat is not None:
        notations.append(one_action(enc, state, seat, rng, on_draft))
        assert len(notations) < 20_000, "the game did not end"
        seat = next_seat(state, seat)
    return notations


@pytest.mark.parametrize("trading", ["turn_based", "open"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_play_by_masks_ends_every_game(players: int, trading: str) -> None:
    enc = BohnanzaEncoding(players)
    for seed in range(3):
        options = GAME.options(players, trading=trading, expert_taler_trading=seed == 1)
        state = GAME.new_game(options, seed)
        notations = play(enc, state, seed)
        assert state.view(None)["phase"] == "over"
        verbs = {n.split()[1] for n in notations if n}
        assert {"plant", "propose", "close-trading"} <= verbs
    if trading == "open":
        assert "" in notations  # the seats not waited on yielded


def test_trades_and_answers_happen_in_random_play() -> None:
    enc = BohnanzaEncoding(4)
    verbs: set[str] = set()
    for seed in range(4):
        state = GAME.new_game(GAME.options(4, trading="open"), seed)
        verbs |= {n.split()[1] for n in play(enc, state, seed) if n}
    assert {"accept", "decline", "counter", "withdraw", "harvest"} <= verbs


def test_yield_is_never_offered_to_a_seat_the_game_waits_on() -> None:
    enc = BohnanzaEncoding(4)
    seen = {"offered": 0, "refused": 0}

    def probe(state: State, seat: int, draft: Hashable, chosen: list[int]) -> None:
        offered = bool(enc.mask(draft)[0]) and not chosen
        assert not (offered and seat in state.must_act())
        seen["offered" if offered else "refused"] += 1

    play(enc, GAME.new_game(GAME.options(4, trading="open"), 5), 5, probe)
    assert seen["offered"] and seen["refused"]


def test_hidden_information_does_not_change_vectors_or_masks() -> None:
    """Two states the seat cannot tell apart (determinized for it) give the same vector
    and mask after the same ids, mid-draft included."""
    enc = BohnanzaEncoding(4)
    rng = random.Random(9)
    checked = {"drafts": 0, "mid": 0}

    def compare(state: State, seat: int, draft: Hashable, chosen: list[int]) -> None:
        if rng.random() > 0.1:
            return
        other = state.determinize(seat, random.Random(rng.random()))
        assert other.to_json() != state.to_json() or state.view(None)["phase"] == "over"
        twin = enc.start(seen(other, seat), legal(other, seat))
        for i in chosen:
            twin, _ = enc.choose(twin, i)
        assert twin == draft
        assert (enc.mask(twin) == enc.mask(draft)).all()
        assert (enc.observe(seen(other, seat), twin) == enc.observe(seen(state, seat), draft)).all()
        checked["drafts"] += 1
        checked["mid"] += bool(chosen)

    for trading in ("turn_based", "open"):
        play(enc, GAME.new_game(GAME.options(4, trading=trading), 2), 2, compare)
    assert checked["drafts"] > 50 and checked["mid"] > 10


def block(enc: BohnanzaEncoding, obs: Any, name: str) -> Any:
    return obs[enc.layout[name].slice]


def names(enc: BohnanzaEncoding) -> list[str]:
    return [f.name for f in enc.layout.fields]


def test_the_vector_holds_the_view() -> None:
    enc = BohnanzaEncoding(3, hand_slots=12)
    state = GAME.new_game(GAME.options(3), 4)
    rng = random.Random(4)
    for _ in range(60):
        seat = state.to_act()[0]
        one_action(enc, state, seat, rng)
    for seat in range(3):
        view = state.view(seat)
        obs = enc.observe(view, None)
        me = view["players"][seat]
        hand = block(enc, obs, "hand")
        decoded = [BEANS[int(np.argmax(hand[8 * i:8 * i + 8]))]
                   for i in range(12) if hand[8 * i:8 * i + 8].any()]
        assert decoded == me["hand"][:12]
        counts = hand[96:] * 20
        assert [round(float(c)) for c in counts] == [me["hand"].count(b) for b in BEANS]
        players = block(enc, obs, "players")
        for r in range(3):
            row = players[47 * r:47 * r + 47]
            p = view["players"][(seat + r) % 3]
            assert round(float(row[0]) * 40) == p["hand_size"]
            for f, fld in enumerate(p["fields"]):
                cell = row[1 + 11 * f:12 + 11 * f]
                assert cell[0] == 1.0
                bean = BEANS[int(np.argmax(cell[1:9]))] if cell[1:9].any() else None
                assert bean == fld["bean"]
                assert round(float(cell[9]) * 20) == fld["count"]
            assert round(float(row[36]) * 40) == p["talers"]
        seats = block(enc, obs, "seats")
        assert int(np.argmax(seats[:3])) == (view["active"] - seat) % 3
        discard = block(enc, obs, "discard") * 20
        assert [round(float(c)) for c in discard] == [view["discard"].count(b) for b in BEANS]
        face_up = block(enc, obs, "face_up")
        assert [BEANS[int(np.argmax(face_up[8 * i:8 * i + 8]))] for i in range(2)
                if face_up[8 * i:8 * i + 8].any()] == view["face_up"][:2]
        assert sum(len(b) for b in [block(enc, obs, n) for n in names(enc)]) == len(obs)


def test_layout_size_is_fixed_per_player_count() -> None:
    for players in (3, 4, 5):
        enc = BohnanzaEncoding(players)
        assert enc.observation_size == sum(f.size for f in enc.layout.fields)
        state = GAME.new_game(GAME.options(players), 1)
        assert enc.observe(seen(state, 0), None).shape == (enc.observation_size,)
        names = [enc.action_name(i) for i in range(enc.action_count)]
        assert len(set(names)) == enc.action_count
    assert BohnanzaEncoding(5).observation_size > BohnanzaEncoding(3).observation_size


def deal_example() -> State:
    """The rules' example (docs/bohnanza.md, worked example 1)."""
    hands = ["GA FE BL AU SA", "BR SA AU BL FE", "BL AU SA RO BR", "FE FE SA BR AU"]
    cards = [h.split() for h in hands]
    top = [cards[seat][r] for r in range(5) for seat in range(4)]
    deck = stacked_deck([*top, "SO", "GA", "FE", "FE", "RO"], 0)
    state: State = GAME.new_game(GAME.options(4), 0, deck)
    for text in ("0: plant 0", "0: plant 1"):
        state.apply(GAME.parse_action(text))
    return state


def compose(enc: BohnanzaEncoding, state: State, seat: int, ids: list[int]) -> str:
    draft = enc.start(seen(state, seat), legal(state, seat))
    notation = None
    for i in ids:
        assert notation is None
        draft, notation = enc.choose(draft, i)
    assert notation is not None
    return notation


def test_a_trade_made_through_the_ids_moves_the_cards() -> None:
    enc = BohnanzaEncoding(4)
    state = deal_example()
    offer = [enc.TARGET + 1, enc.GIVE + 0, enc.GIVE + 2 + 0, enc.WANT + BEANS.index("RO"),
             enc.SUBMIT]  # to seat 2: face-up 0 and hand 0, for a Rote
    notation = compose(enc, state, 0, offer)
    assert notation == "0: propose 2 give h0,f0 want RO"
    state.apply(GAME.parse_action(notation))
    answer = compose(enc, state, 2, [enc.ACCEPT + 0, enc.GIVE + 2 + 3, enc.SUBMIT])
    assert answer == "2: accept 1 give h3"
    state.apply(GAME.parse_action(answer))
    view = state.view(None)
    assert view["players"][2]["trade_area"] == ["BL", "SO"]
    assert view["players"][0]["trade_area"] == ["RO"]
    assert view["face_up"] == ["GA"]


def test_acceptance_offers_only_the_cards_of_the_wanted_beans() -> None:
    enc = BohnanzaEncoding(4)
    state = deal_example()
    state.apply(GAME.parse_action("0: propose 2 give h0 want RO"))
    draft, _ = enc.choose(enc.start(seen(state, 2), legal(state, 2)), enc.ACCEPT)
    ids = [int(i) for i in np.flatnonzero(enc.mask(draft))]
    assert ids == [enc.GIVE + 2 + 3, enc.CANCEL]  # seat 2's Rote is h3
    assert enc.mask(enc.start(seen(state, 1), legal(state, 1)))[enc.ACCEPT] == 0


def test_the_canonical_order_gives_one_path_per_proposal() -> None:
    enc = BohnanzaEncoding(4)
    state = deal_example()
    draft, _ = enc.choose(enc.start(seen(state, 0), legal(state, 0)), enc.TARGET + 1)
    draft, _ = enc.choose(draft, enc.GIVE + 2 + 1)  # hand 1
    mask = enc.mask(draft)
    assert mask[enc.GIVE + 0] == 0 and mask[enc.GIVE + 2 + 1] == 0  # no going back
    assert mask[enc.GIVE + 2 + 2] == 1
    draft, _ = enc.choose(draft, enc.WANT + 3)
    mask = enc.mask(draft)
    assert not mask[enc.GIVE:enc.WANT].any()  # wants come after the cards given
    assert not mask[enc.WANT:enc.WANT + 3].any() and mask[enc.WANT + 3:enc.WANT + 8].all()
    with pytest.raises(ValueError, match="not legal"):
        enc.choose(draft, enc.GIVE + 2 + 2)
    for bad in (True, 1.0, "3", -1, enc.action_count):
        with pytest.raises(ValueError, match="not legal"):
            enc.choose(draft, bad)  # any object: the encoding refuses it by its value
    after, _ = enc.choose(draft, np.int64(enc.WANT + 4))  # as environments pass ids
    assert after == enc.choose(draft, enc.WANT + 4)[0]


def test_caps_bound_the_draft() -> None:
    enc = BohnanzaEncoding(4, max_gives=1, max_wants=2, max_cancels=1)
    state = deal_example()
    root = enc.start(seen(state, 0), legal(state, 0))
    draft, _ = enc.choose(root, enc.TARGET + 1)
    draft, _ = enc.choose(draft, enc.GIVE + 2)
    assert not enc.mask(draft)[enc.GIVE:enc.WANT].any()
    for _ in range(2):
        draft, _ = enc.choose(draft, enc.WANT)
    assert not enc.mask(draft)[enc.WANT:enc.WANT + 8].any()
    draft, notation = enc.choose(draft, enc.CANCEL)
    assert notation is None
    mask = enc.mask(draft)
    assert mask[CLOSE] == 1 and not mask[enc.TARGET:enc.TARGET + 3].any()
    with pytest.raises(ValueError, match="hand_slots"):
        BohnanzaEncoding(4, hand_slots=0)
    with pytest.raises(ValueError, match="3 to 5"):
        BohnanzaEncoding(6)


def test_drafts_are_values() -> None:
    enc = BohnanzaEncoding(4)
    state = deal_example()
    a = enc.start(seen(state, 0), legal(state, 0))
    b = enc.start(seen(state, 0), legal(state, 0))
    assert a == b and hash(a) == hash(b)
    a, _ = enc.choose(a, enc.TARGET)
    assert isinstance(a, Draft) and pickle.loads(pickle.dumps(a)) == a
    assert (enc.observe(seen(state, 0), a) != enc.observe(seen(state, 0), b)).any()


def test_the_encoding_refuses_views_it_cannot_read() -> None:
    enc = BohnanzaEncoding(3)
    state = GAME.new_game(GAME.options(4), 1)
    with pytest.raises(ValueError, match="4 players"):
        enc.start(seen(state, 0), legal(state, 0))
    with pytest.raises(ValueError, match="spectator"):
        BohnanzaEncoding(4).observe(dict(state.view(None)), None)
    with pytest.raises(ValueError, match="not a Bohnanza draft"):
        BohnanzaEncoding(4).mask(("x",))


DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def doc_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## Bohnanza encoding")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def test_the_doc_section_runs_and_its_tables_match_the_encoding() -> None:
    section = doc_section()
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    exec(compile(code.group(1), str(DOC), "exec"), {})
    vector = section.split("### The vector")[1].split("\n### ")[0]
    table = "\n".join(line for line in vector.splitlines() if line.startswith("|"))
    assert table == BohnanzaEncoding(4).layout.table()
    rows = re.findall(r"^\| `(\w+)` \|", table, re.M)
    for players in (3, 4, 5):  # the sizes said with P, H, K are the layout's
        enc = BohnanzaEncoding(players, hand_slots=7, offer_slots=3)
        values = {"P": players, "H": 7, "K": 3}
        sizes = [eval(re.sub(r"(\d|[A-Z])(?=[A-Z(])", r"\1*", size), {}, values)
                 for _, size, _ in BLOCKS]
        assert [(f.name, f.size) for f in enc.layout.fields] == list(zip(rows, sizes,
                                                                         strict=True))
    assert BohnanzaEncoding(4).DECLINE == 35
    said = [int(n) for n in re.findall(r"(\d+) \(3 players\),\s+(\d+) \(4\),\s+(\d+) \(5\)",
                                       section)[0]]
    assert said == [BohnanzaEncoding(p).observation_size for p in (3, 4, 5)]
    ids = re.findall(r"(\d+) ids for 3 players,\s+(\d+) for 4,\s+(\d+) for 5",
                     section)[0]
    assert [int(n) for n in ids] == [BohnanzaEncoding(p).action_count for p in (3, 4, 5)]
