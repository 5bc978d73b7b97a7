"""The views of Nicht die Bohne!, typed: what a seat (:class:`SeatView`) and a spectator
(:class:`SpectatorView`) may see.

A view is JSON-ready data and read-only by contract: the :class:`Legend` in it is one
object shared by every view. Cards are written as their codes (``R7``, ``B-``,
``Gx2``, ``Y0``: the colour letter, then the kind); the legend says what the codes
mean. A key that is also in the state JSON (``bohnen.ndb.serialize``) means the same
thing there: ``table``, ``taken``, ``taker``, ``sheet``, ``turn``, ``round``,
``dealer``, ``token``, ``phase``, ``options``.
"""

from __future__ import annotations

from typing import Literal, TypedDict

PhaseName = Literal["lead", "play", "take", "over"]


class ColourLegend(TypedDict):
    """A colour of the cards."""

    code: str  # the letter that starts a card's code: G, R, Y or B
    name: str  # its name in the French rules text: vert, rouge, jaune, bleu
    english: str  # its name in English: green, red, yellow, blue


class KindLegend(TypedDict):
    """A kind of card; a card's code is its colour's code, then its kind's."""

    code: str  # "1" to "10", "-", "x2" or "0"
    name: str  # in words, as events write it: "7", "–", "x2", "Nicht die Bohne"
    copies: int  # cards of this kind in each colour
    points: int  # the value points of a card of this kind (none for the special cards)
    effect: str  # what a special card does to the row of its colour ("" for a value)


class Legend(TypedDict):
    """What the card codes mean: the four colours and the thirteen kinds, in the order
    of hands and rows."""

    colours: list[ColourLegend]
    kinds: list[KindLegend]


class OptionsView(TypedDict):
    """The game's options (``NdbOptions.to_json()``)."""

    players: int  # 3 to 6
    rounds: int  # rounds ("manches") in the game


class RowView(TypedDict):
    """A row of one colour in front of a player."""

    cards: list[str]  # special cards first ("–", "x2", Nicht die Bohne), then 1 to 10
    score: int  # what the row is worth now


class SheetLineView(TypedDict):
    """One player's line of the score sheet for one round."""

    plus: int  # "Spiel +": the sum of its positive rows
    minus: int  # "Spiel –": the sum of its negative rows, as a positive number
    total: int  # "Summe": plus - minus


class ResultView(TypedDict):
    """The result of a game that is over."""

    scores: list[int]  # per seat, its total
    winners: list[int]  # the seats of the highest total (ties share the win)
    reason: str


class CommonPlayer(TypedDict):
    """What everybody sees of a seat."""

    seat: int
    hand_size: int
    rows: list[RowView]  # one per colour, in the order of the legend (empty rows too)
    rows_score: int  # its rows' scores added: the round's "Summe" if it ended now


class PlayerView(CommonPlayer):
    """A seat as a seat's viewer sees it."""

    hand: list[str] | None  # its hand, sorted by colour: to its own seat only, else null


class SpectatorPlayerView(CommonPlayer):
    """A seat as a spectator sees it: no hand."""

    hand: None


class CommonView(TypedDict):
    """What everybody sees of the game."""

    game: Literal["ndb"]
    version: int  # the game's version
    options: OptionsView
    phase: PhaseName
    turn: int  # tricks begun in the whole game, from 1
    to_act: list[int]  # the seats the game waits on
    result: ResultView | None  # once the game is over
    round: int  # the round being played, from 1
    dealer: int  # the seat that dealt this round
    token: int  # the token holder, who led this trick
    # the seat to take next; null outside the taking
    taker: int | None
    # per seat, the card it played in this trick: null if it has not played, or if its
    # card lies face down and is not the viewer's (until all are played and turned up)
    table: list[str | None]
    played: list[int]  # the seats that have played in this trick
    # the seats whose card has been taken in this trick, in the order taken: the token
    # holder took the first one's card, that seat the next one's, and so on
    taken: list[int]
    sheet: list[list[SheetLineView]]  # per finished round, a line per seat
    totals: list[int]  # per seat, the "Summe" of the finished rounds added
    legend: Legend


class SeatView(CommonView):
    """What one seat sees of the game: everything public, its own hand and its own
    face-down card. Read-only (the legend is shared by every view)."""

    seat: int  # the viewer
    players: list[PlayerView]  # one per seat, in seat order


class SpectatorView(CommonView):
    """What a spectator sees: everything public, no hand and no face-down card.
    Read-only (the legend is shared by every view)."""

    seat: None
    players: list[SpectatorPlayerView]  # one per seat, in seat order


AnyView = SeatView | SpectatorView
