"""The rules of Tiny Beans: for each action its check and its effect, and the flow.

One source of legality: :func:`play_refusal` and :func:`keep_refusal` say why a seat
may not make a move (None: it may). :func:`check` raises with that reason, and the
listing of legal actions (``legal.py``) keeps the moves they allow. A check reads and
never writes, and runs in full before the effect, which never fails: a refused action
leaves the state as it was.

The flow: every seat plays a card face down (in any order); once all have played, the
cards are turned up and the highest (with ``lowest_wins`` the lowest) wins the trick.
Its winner keeps one card of it, the others are discarded; then, if the draw pile
holds a card for everyone, each seat draws one, the winner first. When the hands are
empty the game is over: each seat scores the beans on the cards it kept.
"""

from __future__ import annotations

from bohnen.core.errors import IllegalActionError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown
from bohnen.core.result import Result
from tinybeans.actions import Keep, Play, TinyAction
from tinybeans.cards import DECK, Card, beans
from tinybeans.data import Phase, TinyData
from tinybeans.events import Drew, GameEnded, Kept, Played, Revealed, TinyEvent
from tinybeans.options import TinyOptions


def to_act(state: TinyData) -> tuple[int, ...]:
    """The seats the game waits on: those yet to play, or the trick's winner."""
    if state.phase == Phase.PLAY:
        return tuple(seat for seat, card in enumerate(state.played) if card is None)
    if state.phase == Phase.KEEP and state.winner is not None:
        return (state.winner,)
    return ()


def play_refusal(state: TinyData, seat: int, card: Card) -> str | None:
    """Why ``seat`` may not play ``card`` now (None: it may)."""
    if state.phase != Phase.PLAY:
        return "cards are played at the start of a trick"
    if state.played[seat] is not None:
        return "the seat has played its card in this trick"
    if card not in state.hands[seat]:
        return "the card is not in the seat's hand"
    return None


def keep_refusal(state: TinyData, seat: int, card: Card) -> str | None:
    """Why ``seat`` may not keep ``card`` now (None: it may)."""
    if state.phase != Phase.KEEP:
        return "a card is kept once the trick is turned up"
    if seat != state.winner:
        return f"seat {state.winner} won the trick and keeps a card of it"
    if card not in state.played:
        return "the card is not in the trick"
    return None


def check(state: TinyData, action: object) -> None:
    """Raise ``InvalidActionError`` (malformed) or ``IllegalActionError`` (against the
    rules, with the reason) unless ``action`` may be applied now."""
    if type(action) is not Play and type(action) is not Keep:
        raise InvalidActionError(f"{excerpt(action)} is not a Tiny Beans action")
    seat, card = action.seat, action.card
    if type(seat) is not int or not 0 <= seat < state.players:
        raise InvalidActionError(f"{shown(action)}: no seat {excerpt(seat)} in a "
                                 f"{state.players}-player game")
    if type(card) is not int or card not in DECK:
        raise InvalidActionError(f"{shown(action)}: no card {excerpt(card)}")
    if state.phase == Phase.OVER:
        reason: str | None = "the game is over"
    elif type(action) is Play:
        reason = play_refusal(state, seat, card)
    else:
        reason = keep_refusal(state, seat, card)
    if reason is not None:
        raise IllegalActionError(f"seat {seat}: {shown(action)} is illegal: {reason}")


def apply(state: TinyData, action: TinyAction) -> list[TinyEvent]:
    """Check ``action``, then make it; the events it caused."""
    check(state, action)
    events: list[TinyEvent] = []
    if type(action) is Play:
        play(state, action.seat, action.card, events)
    else:
        keep(state, action.seat, action.card, events)
    return events


def play(state: TinyData, seat: int, card: Card, events: list[TinyEvent]) -> None:
    """The effect of a play; the reveal once every seat has played."""
    hand = state.hands[seat]
    index = hand.index(card)
    state.hands[seat] = hand[:index] + hand[index + 1:]
    state.played[seat] = card
    events.append(Played(seat, card))
    cards = tuple(c for c in state.played if c is not None)
    if len(cards) == state.players:
        state.winner = trick_winner(state, cards)
        state.phase = Phase.KEEP
        events.append(Revealed(cards, state.winner))


def trick_winner(state: TinyData, cards: tuple[Card, ...]) -> int:
    """The seat whose card wins the trick ``cards`` (one per seat; no two alike)."""
    best = min(cards) if state.options.lowest_wins else max(cards)
    return cards.index(best)


def keep(state: TinyData, seat: int, card: Card, events: list[TinyEvent]) -> None:
    """The effect of keeping a card: the rest discarded, the draws, the next trick."""
    thrown = tuple(c for c in state.played if c is not None and c != card)
    state.kept[seat] += (card,)
    state.discard += thrown
    state.played = [None] * state.players
    state.winner = None
    events.append(Kept(seat, card, thrown))
    draw(state, seat, events)
    if state.hands[seat]:
        state.phase = Phase.PLAY
        state.turn += 1
    else:
        state.phase = Phase.OVER
        over = result(state)
        events.append(GameEnded(over.scores, over.winners))


def draw(state: TinyData, first: int, events: list[TinyEvent]) -> None:
    """Each seat draws the top card, ``first`` first, if there is a card for everyone."""
    players = state.players
    if len(state.draw_pile) < players:
        return
    for turn in range(players):
        seat = (first + turn) % players
        card, state.draw_pile = state.draw_pile[0], state.draw_pile[1:]
        state.hands[seat] = tuple(sorted((*state.hands[seat], card)))
        events.append(Drew(seat, card))


def draws_after(options: TinyOptions, tricks: int) -> int:
    """How many times every seat has drawn after ``tricks`` finished tricks."""
    pile = len(DECK) - options.players * options.hand_size
    return min(tricks, pile // options.players)


def cards_held(options: TinyOptions, tricks: int) -> int:
    """The cards each seat holds after ``tricks`` finished tricks (in the next trick,
    counting the card it plays)."""
    return options.hand_size - tricks + draws_after(options, tricks)


def scores(state: TinyData) -> tuple[int, ...]:
    """Each seat's beans: those on the cards it kept."""
    return tuple(sum(beans(card) for card in cards) for cards in state.kept)


def result(state: TinyData) -> Result:
    """The outcome of a finished game: most beans wins (a tie shares the win)."""
    if state.phase != Phase.OVER:
        raise IllegalActionError("the game is not over: no result yet")
    totals = scores(state)
    best = max(totals)
    return Result(totals, tuple(s for s, n in enumerate(totals) if n == best),
                  "the hands are empty")


def deal(state: TinyData, deck: tuple[Card, ...]) -> None:
    """Deal ``deck`` (top first) one card at a time from seat 0; the rest is the draw
    pile. The first trick begins."""
    players, size = state.players, state.options.hand_size
    state.hands = [tuple(sorted(deck[seat:players * size:players])) for seat in range(players)]
    state.draw_pile = deck[players * size:]
    state.played = [None] * players
    state.kept = [() for _ in range(players)]
    state.discard = ()
    state.winner = None
    state.phase = Phase.PLAY
    state.turn = 1
