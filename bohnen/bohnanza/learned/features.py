"""What the learned evaluation reads of each seat's position, on a full state.

A search that stops its playouts early needs each seat's score as the game would end.
The learned evaluation (``model.py``) predicts it from these figures of a seat, taken
at the start of a turn. They are read off the full (sampled) state, as a playout may:

- ``talers``: talers earned;
- ``worth``: what the heuristic bot's own measure adds to the talers (its fields' worth
  with the beans of their kind still to come, its trade area and the front of its hand
  planted out; ``heuristic.model.value``);
- ``estimate``: what its fields are worth to the playout's estimate (their payout, plus
  half the next step when it is one or two beans away; ``playout.estimate``);
- ``payout``: what its fields would pay if sold now;
- ``turns_left``: own turns left, roughly (the cards to come over five a turn);
- ``worth_x_turns``, ``estimate_x_turns``, ``payout_x_turns``, ``hand_x_turns``,
  ``matching_x_turns``: the figure times the turns left (its weight changes as the game
  goes on);
- ``later_1`` … ``later_4``: 1 if the seat's turn comes that many turns after the
  active player's (all 0 for the active player);
- ``third_field``: 1 once it has bought the third field; ``can_buy``: 1 if it has two
  fields and the talers to buy the third;
- ``hand``: cards in hand; ``matching``: hand cards of a bean it grows;
  ``first_matches``, ``second_matches``: 1 if the first (second) hand card is of a bean
  it grows; ``misfits``: kinds of bean in hand that it does not grow;
- ``to_next_step``: beans its fields lack to their next beanometer step (4 for a field
  at its top); ``empty_fields``: its empty fields;
- ``share_to_come``: the share of the cards still to come (draw pile and hands) that
  are of beans it grows;
- ``runouts``: times the draw pile ran out; ``draw_pile``: cards in it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bohnen.bohnanza.beans import BEAN_COUNT, PAYOUT, next_step
from bohnen.bohnanza.data import BohnanzaData
from bohnen.bohnanza.heuristic.model import Outlook, value
from bohnen.bohnanza.heuristic.scene import Tuning, outlook, reckon_turns
from bohnen.bohnanza.playout import FIELD_WORTH

FEATURES: tuple[str, ...] = (
    "talers", "worth", "estimate", "payout", "turns_left",
    "worth_x_turns", "estimate_x_turns", "payout_x_turns",
    "later_1", "later_2", "later_3", "later_4",
    "third_field", "can_buy", "hand", "matching", "first_matches", "second_matches",
    "misfits", "to_next_step", "empty_fields", "hand_x_turns", "matching_x_turns",
    "share_to_come", "runouts", "draw_pile",
)
TURNS_LEFT = FEATURES.index("turns_left")
TUNING = Tuning()  # the heuristic bot's own numbers
TOP_STEP = 4  # what a field at its top step counts as lacking


def turns_left(state: BohnanzaData) -> float:
    """Own turns left, roughly, as the heuristic reckons them from a view."""
    return reckon_turns(state.last_runout_reached, len(state.draw_pile), state.runouts,
                        sum(len(t) for t in state.taler_cards), state.players)


def to_come(state: BohnanzaData) -> tuple[int, ...]:
    """The cards of each bean still to come: in the draw pile and the hands."""
    counts = [0] * BEAN_COUNT
    for card in state.draw_pile:
        counts[card] += 1
    for hand in state.hands:
        for card in hand:
            counts[card] += 1
    return tuple(counts)


def seat_features(state: BohnanzaData, seat: int, out: Outlook, left: float,
                  come: Sequence[int]) -> list[float]:
    """The figures of ``seat``, in the order of :data:`FEATURES`."""
    first = 3 * seat
    fields = state.fields_owned[seat]
    beans = state.field_beans[first:first + fields]
    counts = state.field_counts[first:first + fields]
    talers = len(state.taler_cards[seat])
    cards = state.trade_areas[seat]
    if seat == state.active and state.face_up:
        cards = cards + state.face_up
    hand = state.hands[seat]
    worth = value(out, beans, counts, cards, hand)
    grown = [(b, c) for b, c in zip(beans, counts, strict=True) if c]
    kinds = {b for b, _ in grown}
    estimate = sum(FIELD_WORTH[b][c] for b, c in grown) / 10
    payout = sum(PAYOUT[b][c] for b, c in grown)
    later = (seat - state.active) % state.players
    matching = sum(1 for card in hand if card in kinds)
    return [
        talers, worth, estimate, payout, left,
        worth * left, estimate * left, payout * left,
        *(1.0 if later == k else 0.0 for k in range(1, 5)),
        1.0 if fields == 3 else 0.0,
        1.0 if fields == 2 and talers >= state.field_cost else 0.0,
        len(hand), matching,
        1.0 if hand and hand[0] in kinds else 0.0,
        1.0 if len(hand) > 1 and hand[1] in kinds else 0.0,
        len({card for card in hand if card not in kinds}),
        sum(_lacking(b, c) for b, c in grown),
        fields - len(grown),
        len(hand) * left, matching * left,
        sum(come[b] for b in kinds) / max(1, sum(come)),
        state.runouts, len(state.draw_pile),
    ]


def features(state: BohnanzaData) -> list[list[float]]:
    """Every seat's figures (see :func:`seat_features`)."""
    left = turns_left(state)
    come = to_come(state)
    out = outlook(TUNING, left, state.options.bean_protection, come)
    return [seat_features(state, seat, out, left, come) for seat in range(state.players)]


def _lacking(bean: int, count: int) -> int:
    step = next_step(bean, count)
    return step[0] - count if step is not None else TOP_STEP
