"""The requests the lobby carries out for a table: one frozen dataclass per operation.

A request is made where a client asks (an HTTP route, a WebSocket frame) and carried
out by the table's owner (:meth:`bohnen.server.lobby.Lobby.handle`), which may be
another server process: it then crosses the PostgreSQL inbox as JSON
(:mod:`bohnen.server.pg_cluster`). :func:`request_json` gives that JSON (its ``op``
names the operation), :func:`read_request` reads it back into its dataclass, refusing
with a ``ValueError`` whatever is not one (an unknown ``op``, a missing or extra
field, a value of the wrong type). Each request says the type of its answer
(:class:`Request`), and :meth:`Request.answer` reads the owner's JSON answer back
into it.

- :class:`Join`: take a free seat with a name (or the seat of an invitation);
- :class:`Manage`: the host revokes a seat's invitation or seats a bot there;
- :class:`Rehost`: the host's token replaced;
- :class:`Chat`, :class:`Act`, :class:`Undo`, :class:`Standin`, :class:`Leave`: what
  a client at the table says, plays, takes back, hands to a bot, or leaves, as
  :class:`Sender` (its seat pass);
- :class:`Vote`: a person at the table votes to hand an absent person's seat to a bot.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Generic, NotRequired, TypedDict, TypeVar, cast

from bohnen.core.files import excerpt


class Seated(TypedDict):
    """A seat and its token: a person's (joined) or an invitation's (revoked and
    renewed); a bot seated, the seat alone."""

    seat: int
    token: NotRequired[str]


class Hosted(TypedDict):
    """The host's new token."""

    host: str


class Stepped(TypedDict):
    """The action taken: its step."""

    seq: int


class Said(TypedDict):
    """The chat line said: its number."""

    n: int


class Done(TypedDict):
    """The change made; its effect is told to every client of the table."""


class Refusal(TypedDict):
    """Why the request was refused, and the HTTP status that says so."""

    error: str
    status: int


# An answer as it crosses the cluster: one of the answers above, or a refusal.
Reply = Mapping[str, object]


AnswerT = TypeVar("AnswerT", Seated, Hosted, Stepped, Said, Done)


class Request(Generic[AnswerT]):
    """What every request shares: its operation's name and the type of its answer."""

    __slots__ = ()
    op: ClassVar[str]
    answers: ClassVar[type]

    def answer(self, data: object) -> AnswerT:
        """The owner's answer (JSON) as this request's answer type; ``ValueError`` if it
        is not one."""
        return cast(AnswerT, _typed(data, self.answers))


@dataclass(frozen=True, slots=True)
class Sender:
    """Who sends a request from the table: a seat (None: a spectator), with the
    generation and nonce of its holder's token (checked against the seat's holder
    now)."""

    seat: int | None
    generation: int
    nonce: str


@dataclass(frozen=True, slots=True)
class Join(Request[Seated]):
    op = "join"
    answers = Seated
    name: str
    seat: int | None = None
    invitation: str | None = None


@dataclass(frozen=True, slots=True)
class Manage(Request[Seated]):
    op = "manage"
    answers = Seated
    host: str
    seat: int
    revoke: bool = False
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class Rehost(Request[Hosted]):
    op = "rehost"
    answers = Hosted
    host: str


@dataclass(frozen=True, slots=True)
class Chat(Request[Said]):
    op = "chat"
    answers = Said
    sender: Sender
    text: str


@dataclass(frozen=True, slots=True)
class Act(Request[Stepped]):
    op = "action"
    answers = Stepped
    sender: Sender
    action: str  # notation


@dataclass(frozen=True, slots=True)
class Undo(Request[Stepped]):
    """Take back the seat's own last move, step ``step`` (as the client's view frame
    named it: a later step is not taken back instead); the answer is the undo's own
    entry in the log."""

    op = "undo"
    answers = Stepped
    sender: Sender
    step: int


@dataclass(frozen=True, slots=True)
class Standin(Request[Done]):
    op = "standin"
    answers = Done
    sender: Sender
    bot: str | None


@dataclass(frozen=True, slots=True)
class Leave(Request[Done]):
    op = "leave"
    answers = Done
    sender: Sender


@dataclass(frozen=True, slots=True)
class Vote(Request[Done]):
    op = "vote"
    answers = Done
    sender: Sender
    seat: int


AnyRequest = Join | Manage | Rehost | Chat | Act | Undo | Standin | Leave | Vote
KINDS: dict[str, type[AnyRequest]] = {kind.op: kind for kind in typing.get_args(AnyRequest)}


def request_json(request: AnyRequest) -> dict[str, object]:
    """The request as JSON: its fields, and its operation under ``op``."""
    return {"op": request.op, **dataclasses.asdict(request)}


def read_request(data: object) -> AnyRequest:
    """The request of :func:`request_json`'s JSON; ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"a request is a JSON object, not {excerpt(data)}")
    op = data.get("op")
    kind = KINDS.get(op) if isinstance(op, str) else None
    if kind is None:
        raise ValueError(f"no such request: {excerpt(op)} (requests are "
                         f"{', '.join(KINDS)})")
    fields = {key: value for key, value in data.items() if key != "op"}
    make: Callable[..., AnyRequest] = kind  # its fields checked against its types
    try:
        return make(**_fields(kind, fields))
    except ValueError as exc:
        raise ValueError(f"{op}: {exc}") from None


def _fields(kind: type, data: dict[str, object]) -> dict[str, object]:
    """``data`` checked against the fields of dataclass ``kind`` (each of its type)."""
    hints = typing.get_type_hints(kind)
    known = {f.name: f for f in dataclasses.fields(kind)}
    unknown = sorted(set(data) - set(known), key=str)
    if unknown:
        raise ValueError(f"no field {excerpt(', '.join(map(str, unknown)))}")
    out: dict[str, object] = {}
    for name, field in known.items():
        if name not in data:
            if field.default is dataclasses.MISSING:
                raise ValueError(f"{name} is missing")
            continue
        out[name] = _value(name, data[name], hints[name])
    return out


def _value(name: str, value: object, hint: object) -> object:
    """``value`` if it is of type ``hint`` (a Sender read from its JSON); ``ValueError``."""
    if hint is Sender:
        make: Callable[..., Sender] = Sender  # its fields checked against its types
        fields = _object(name, value)
        try:
            return make(**_fields(Sender, fields))
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
    options = typing.get_args(hint) or (hint,)
    if any(_is(value, option) for option in options):
        return value
    names = " or ".join("null" if o is type(None) else getattr(o, "__name__", str(o))
                        for o in options)
    raise ValueError(f"{name} is {names}, not {excerpt(value)}")


def _is(value: object, tp: object) -> bool:
    if tp is type(None):
        return value is None
    if tp is int:
        return type(value) is int
    return isinstance(tp, type) and isinstance(value, tp)


def _object(name: str, value: object) -> dict[str, object]:
    if not isinstance(value, dict):
        raise ValueError(f"{name} is an object, not {excerpt(value)}")
    return value


def _typed(data: object, answer: type) -> object:
    """``data`` if it is a JSON object of the ``TypedDict`` ``answer`` (its required keys,
    no other, each of its type); ``ValueError`` otherwise."""
    fields = _object("an answer", data)
    hints, required = _keys(answer)
    missing = sorted(required - set(fields))
    extra = sorted(set(fields) - set(hints))
    if missing or extra:
        raise ValueError(f"an answer {answer.__name__} lacks {missing} or has {extra}")
    for key, value in fields.items():
        if not _is(value, hints[key]):
            raise ValueError(f"an answer {answer.__name__}: {key} is not {hints[key]}")
    return fields


@functools.cache
def _keys(answer: type) -> tuple[dict[str, object], frozenset[str]]:
    """The keys of the ``TypedDict`` ``answer``: each one's type, and those required."""
    marked = typing.get_type_hints(answer, include_extras=True)
    required = frozenset(key for key, hint in marked.items()
                         if typing.get_origin(hint) is not NotRequired)
    return {key: _bare(hint) for key, hint in marked.items()}, required


def _bare(hint: object) -> object:
    """The type under ``NotRequired[...]``."""
    return typing.get_args(hint)[0] if typing.get_origin(hint) is NotRequired else hint
