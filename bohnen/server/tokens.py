"""Signed tokens of the online table (itsdangerous): who a client is at a table.

- A **seat** token names the table, the seat and the seat's generation; it is what
  a person plays with. When the seat changes hands (revoked, given to a bot, left),
  the generation goes up and the old token is void.
- An **invitation** names a table, an open seat and its generation: the link that
  lets one person take that seat (it is void once used or revoked).
- A **spectator** token names the table; a **host** token lets the table's creator
  manage its seats.

Every token is checked when it is presented, and a seat token again at every message
(its generation against the seat's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from itsdangerous import BadSignature, URLSafeSerializer

Role = Literal["seat", "invite", "spectator", "host"]
ROLES: tuple[Role, ...] = ("seat", "invite", "spectator", "host")


@dataclass(frozen=True, slots=True)
class Pass:
    """What a good token says: its table, its role, and for a seat or an invitation
    the seat and its generation."""

    table: str
    role: Role
    seat: int | None = None
    generation: int = 0


class Tokens:
    """Signs and reads the tokens of one server (its secret)."""

    def __init__(self, secret: str) -> None:
        self._signer = URLSafeSerializer(secret, salt="bohnen-table")

    def make(self, table: str, role: Role, seat: int | None = None,
             generation: int = 0) -> str:
        data: dict[str, object] = {"t": table, "r": role}
        if seat is not None:
            data["s"], data["g"] = seat, generation
        return str(self._signer.dumps(data))

    def read(self, token: object, table: str, *roles: Role) -> Pass:
        """The pass of ``token`` if it is a good token of ``table`` in one of ``roles``;
        ``ValueError`` naming what is wrong otherwise."""
        try:
            data = self._signer.loads(token) if isinstance(token, str) else None
        except BadSignature:
            data = None
        if not isinstance(data, dict) or data.get("t") != table:
            raise ValueError("the token is not a token of this table")
        role, seat, generation = data.get("r"), data.get("s"), data.get("g", 0)
        if role not in roles:
            wanted = " or ".join(roles)
            raise ValueError(f"this needs a {wanted} token, not a {role} token")
        if (seat is not None and type(seat) is not int) or type(generation) is not int:
            raise ValueError("the token is not a token of this table")
        if role in ("seat", "invite") and seat is None:
            raise ValueError("the token is not a token of this table")
        return Pass(table, role, seat, generation)
