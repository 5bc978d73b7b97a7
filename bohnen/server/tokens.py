"""Signed tokens of the online table (itsdangerous): who a client is at a table.

- A **seat** token names the table, the seat, the seat's generation and its nonce: it
  is what a person plays with. The nonce is drawn at random whenever the seat changes
  hands (a person joins, leaves, is removed, a bot takes the seat), so a token of an
  earlier holder is void whatever else it says (:class:`~bohnen.server.logbase.SeatRow`).
- An **invitation** names a table, an open seat and its generation: the link that
  lets one person take that seat (it is void once used or revoked).
- A **spectator** token names the table; a **host** token names the table and the
  host's nonce, and lets the table's creator manage its seats: the host may have it
  replaced by a new one (the old one is then void: a host link that leaked is
  revoked).

Every token is signed with the time it was made and is good for ``days`` after that
(the server's ``token_days``); a seat's connection is given a fresh token, so a person
who plays now and then keeps the seat. Every token is checked when it is presented,
and a seat token again at every message (its generation and nonce against the seat's).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Literal

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

Role = Literal["seat", "invite", "spectator", "host"]
ROLES: tuple[Role, ...] = ("seat", "invite", "spectator", "host")
DAYS = 30.0  # how long a token is good by default


def nonce() -> str:
    """A new nonce for a seat's holder or a table's host."""
    return secrets.token_urlsafe(12)


@dataclass(frozen=True, slots=True)
class Pass:
    """What a good token says: its table, its role, for a seat or an invitation the
    seat and its generation, and for a seat or the host the nonce it names."""

    table: str
    role: Role
    seat: int | None = None
    generation: int = 0
    nonce: str = ""


class Tokens:
    """Signs and reads the tokens of one server (its secret), good for ``days``."""

    def __init__(self, secret: str, days: float = DAYS) -> None:
        self._signer = URLSafeTimedSerializer(secret, salt="bohnen-table")
        self.days = days

    def make(self, table: str, role: Role, seat: int | None = None,
             generation: int = 0, nonce: str = "") -> str:
        data: dict[str, object] = {"t": table, "r": role}
        if seat is not None:
            data["s"], data["g"] = seat, generation
        if nonce:
            data["n"] = nonce
        return str(self._signer.dumps(data))

    def renew(self, granted: Pass) -> str:
        """A fresh token saying what ``granted`` says (good for ``days`` from now)."""
        return self.make(granted.table, granted.role, granted.seat, granted.generation,
                         granted.nonce)

    def read(self, token: object, table: str, *roles: Role) -> Pass:
        """The pass of ``token`` if it is a good token of ``table`` in one of ``roles``;
        ``ValueError`` naming what is wrong otherwise."""
        try:
            data = (self._signer.loads(token, max_age=round(self.days * 86_400))
                    if isinstance(token, str) else None)
        except SignatureExpired:
            raise ValueError(f"the token has expired (a token is good for {self.days:g} "
                             "days): ask for a new link") from None
        except BadSignature:
            data = None
        if not isinstance(data, dict) or data.get("t") != table:
            raise ValueError("the token is not a token of this table")
        role, seat, generation = data.get("r"), data.get("s"), data.get("g", 0)
        found = data.get("n", "")
        if role not in roles:
            wanted = " or ".join(roles)
            raise ValueError(f"this needs a {wanted} token, not a {role} token")
        if (seat is not None and type(seat) is not int) or type(generation) is not int \
                or not isinstance(found, str):
            raise ValueError("the token is not a token of this table")
        if role in ("seat", "invite") and seat is None:
            raise ValueError("the token is not a token of this table")
        return Pass(table, role, seat, generation, found)
