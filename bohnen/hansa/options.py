"""Rule options of Bohn Hansa: the board, and every choice the text leaves open."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from bohnen.core.files import excerpt
from bohnen.core.options import check_choice, check_int, options_from_json
from bohnen.core.protocol import JSONObject
from bohnen.hansa.board import Board, BoardError, load_board

START_TIE_BREAKS = ("seat_order", "random")
SHORT_HARVESTS = ("even", "card_order")
ALLOWANCES = ("per_seat", "shared")
MAX_PATH = 4096  # characters of a board file's path


@dataclass(frozen=True, slots=True)
class HansaOptions:
    """Options of one game (docs/hansa.md lists them with the reasons for the defaults).

    - ``players``: 3 to 5.
    - ``board``: ``"default"`` (the reconstructed board) or the path of a board file.
    - ``board_digest``: the sha256 of the board's content; filled in when the options
      are made, so a record names its board and refuses to replay on a changed file.
    - ``start_tie_break``: who starts when several players have the least money
      (the text does not say): ``seat_order`` (the first seat of them) or ``random``.
    - ``short_harvest``: a Neue-Ernte card wants more beans of a kind than the supply
      holds ("on répartit les haricots restants le mieux possible"): ``even`` (one
      at a time to each pile of the card in turn) or ``card_order`` (each pile of the
      card filled in the card's order).
    - ``reshuffle_contracts``: when the contract pile is empty, its discard pile is
      shuffled into a new one (the text does not say); otherwise nobody draws.
    - ``max_proposals_per_turn``: proposals (counters included) in one trade phase,
      for each seat (``proposal_allowance=per_seat``, the default) or for the whole
      table (``shared``, the rule of version 1).
    - ``proposal_size``: the most beans on each side (and bought) of a generated
      proposal; any proposal can be checked.
    """

    players: int = 4
    board: str = "default"
    board_digest: str | None = None
    start_tie_break: Literal["seat_order", "random"] = "seat_order"
    short_harvest: Literal["even", "card_order"] = "even"
    reshuffle_contracts: bool = True
    max_proposals_per_turn: int = 6
    proposal_allowance: Literal["per_seat", "shared"] = "per_seat"
    proposal_size: int = 1

    def __post_init__(self) -> None:
        check_int("players", self.players, 3, 5)
        board = self._board()
        digest = self.board_digest
        if digest is None:
            object.__setattr__(self, "board_digest", board.digest)
        elif not isinstance(digest, str):
            raise ValueError(f"option board_digest must be the sha256 of the board (text), "
                             f"not {excerpt(digest)}")
        elif digest != board.digest:
            raise ValueError(f"option board: {self.board} has changed (its digest is "
                             f"{board.digest[:12]}…, the options name {excerpt(digest[:12])}…)")
        check_choice("start_tie_break", self.start_tie_break, START_TIE_BREAKS)
        check_choice("short_harvest", self.short_harvest, SHORT_HARVESTS)
        if not isinstance(self.reshuffle_contracts, bool):
            raise ValueError(f"option reshuffle_contracts must be true or false, "
                             f"not {excerpt(self.reshuffle_contracts)}")
        check_int("max_proposals_per_turn", self.max_proposals_per_turn, 0, 1000)
        check_choice("proposal_allowance", self.proposal_allowance, ALLOWANCES)
        check_int("proposal_size", self.proposal_size, 0, 3)

    def _board(self) -> Board:
        """The board the option names; ``ValueError`` naming the option."""
        path = self.board
        if (not isinstance(path, str) or not path or len(path) > MAX_PATH
                or not path.isprintable()):
            raise ValueError(f"option board must be 'default' or a file path, "
                             f"not {excerpt(path)}")
        try:
            return load_board(path)
        except BoardError as exc:
            raise ValueError(f"option board: {exc}") from None

    @property
    def board_data(self) -> Board:
        return load_board(self.board)

    def to_json(self) -> JSONObject:
        return {name: getattr(self, name) for name in _FIELDS}

    @classmethod
    def from_json(cls, data: object) -> HansaOptions:
        return options_from_json(cls, data)


_FIELDS = tuple(f.name for f in fields(HansaOptions))

