"""Rule options of Bohnanza, with the defaults of ``decisions.md``."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Literal

from bohnen.core.files import excerpt
from bohnen.core.options import check_choice, check_int, options_from_json
from bohnen.core.protocol import JSONObject

TRADING_MODES = ("turn_based", "open")
TIE_BREAKS = ("shared", "most_cards_in_hand")
ALLOWANCES = ("per_seat", "shared")


@dataclass(frozen=True, slots=True)
class BohnanzaOptions:
    """Options of one game. Every choice the texts leave open is here.

    - ``players``: 3 to 5 (original edition).
    - ``bean_protection``: a one-card field may be harvested only when no field of
      the player holds two or more (decisions.md 3).
    - ``same_bean_in_two_fields``: allow two fields of one bean (decisions.md 2).
    - ``tie_break``: ``shared`` or ``most_cards_in_hand`` (decisions.md 7).
    - ``third_field_cost``: talers for the third field; ``None`` means the text's
      choice: 3, or 2 with five players (variant of the text).
    - ``beginner``: every player starts with three fields (variant).
    - ``expert_taler_trading``: talers may be part of a trade (variant).
    - ``trading``: ``turn_based`` (one seat acts at a time, the floor passing
      around the table) or ``open`` (anyone may act at any moment).
    - ``max_proposals_per_turn``: proposals (counters included) allowed in one
      turn's trading; required in turn-based mode so that every game ends;
      ``None`` (no bound) is allowed in open mode only.
    - ``proposal_allowance``: ``per_seat`` (each seat may make
      ``max_proposals_per_turn`` proposals in a turn, so no seat uses up another's
      share) or ``shared`` (the whole table shares them: the rule before version 2).
    - ``proposal_size``: the most cards (and talers) on each side of a proposal
      that the proposal generator offers to bots; any proposal can be checked.
    """

    players: int = 4
    bean_protection: bool = True
    same_bean_in_two_fields: bool = False
    tie_break: Literal["shared", "most_cards_in_hand"] = "shared"
    third_field_cost: int | None = None
    beginner: bool = False
    expert_taler_trading: bool = False
    trading: Literal["turn_based", "open"] = "turn_based"
    max_proposals_per_turn: int | None = 8
    proposal_allowance: Literal["per_seat", "shared"] = "per_seat"
    proposal_size: int = 1

    def __post_init__(self) -> None:
        check_int("players", self.players, 3, 5)
        for name in ("bean_protection", "same_bean_in_two_fields", "beginner",
                     "expert_taler_trading"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ValueError(f"option {name} must be true or false, not {excerpt(value)}")
        check_choice("tie_break", self.tie_break, TIE_BREAKS)
        if self.third_field_cost is not None:
            check_int("third_field_cost", self.third_field_cost, 0, 20)
        check_choice("trading", self.trading, TRADING_MODES)
        if self.max_proposals_per_turn is None:
            if self.trading == "turn_based":
                raise ValueError("option max_proposals_per_turn must be a number in turn-based "
                                 "trading (it bounds the game)")
        else:
            check_int("max_proposals_per_turn", self.max_proposals_per_turn, 0, 1000)
        check_choice("proposal_allowance", self.proposal_allowance, ALLOWANCES)
        check_int("proposal_size", self.proposal_size, 0, 5)

    @property
    def field_cost(self) -> int:
        """Talers the third field costs: the option, else 3 (2 with five players)."""
        if self.third_field_cost is not None:
            return self.third_field_cost
        return 2 if self.players == 5 else 3

    @property
    def turn_based(self) -> bool:
        return self.trading == "turn_based"

    def to_json(self) -> JSONObject:
        # a fresh dict each time (the caller may keep or change it), the fields read once:
        # every view carries the options
        known = _JSON.get(self)
        if known is None:
            known = _JSON[self] = asdict(self)
        return dict(known)

    @classmethod
    def from_json(cls, data: object) -> BohnanzaOptions:
        return options_from_json(cls, data)


_JSON: dict[BohnanzaOptions, JSONObject] = {}  # each option set's JSON form

