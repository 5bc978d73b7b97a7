"""The frames a client sends over its WebSocket: one validated union of pydantic models.

A frame is a JSON object whose key says what it is: ``{"token", "after",
"chat_after"}`` (the hello, first and only first), ``{"action"}`` (a move: its
notation, or the engine's JSON of it, as the ``view`` frame's ``moves`` give it),
``{"chat"}``, ``{"undo"}`` (take back the seat's own last move: its step, as the
``view`` frame's ``undo`` names it), ``{"standin"}`` (hand the seat to a bot, or take
it back with null), ``{"leave": true}`` and ``{"vote_standin": seat}`` (vote to hand an
absent person's seat to a bot). :func:`read_frame` picks the model by that key and
validates the frame against it alone, strictly (no other key, no text for a number, no
``true`` for 1), so a refusal names the field that is wrong and what it should be. A
new kind of frame is a model here and a tag in :data:`ClientFrame`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    JsonValue,
    Tag,
    TypeAdapter,
    ValidationError,
)

from bohnen.core.files import excerpt
from bohnen.server.offer import MAX_BOT_SPEC
from bohnen.server.text import typed_line

MAX_TOKEN = 500  # characters of a token (one is some 150)
MAX_ACTION_CHARS = 2_000  # an action's notation is far shorter
MAX_CHAT = 500  # characters of a chat line
MAX_SEAT = 15  # a seat's number (no game seats more than 16)
KINDS = ('{"action": ...}, {"undo": ...}, {"chat": ...}, {"standin": ...}, '
         '{"vote_standin": ...} or '
         '{"leave": true}')


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Frame):
    """The first frame: the client's token, and the last step and chat line it has (0
    for none): it gets only what it missed."""

    token: str = Field(max_length=MAX_TOKEN)
    after: int = Field(default=0, ge=0)
    chat_after: int = Field(default=0, ge=0)


class ActionFrame(_Frame):
    """A move of the client's seat: its notation, or its JSON (as a move gives it)."""

    action: Annotated[str, Field(max_length=MAX_ACTION_CHARS)] | dict[str, JsonValue]


class UndoFrame(_Frame):
    """Take back the client's seat's last move: step ``undo`` (so that a click on a
    page that had not yet shown a later step takes back nothing)."""

    undo: int = Field(ge=1)


class ChatFrame(_Frame):
    """A chat line (spaces folded, at most :data:`MAX_CHAT` characters)."""

    chat: str

    def text(self) -> str:
        """The line as it is said, checked as a name is
        (:func:`~bohnen.server.text.typed_line`: not empty, not too long, no character
        that hides or reorders the text; the emoji's joiners allowed); ``ValueError``
        naming what is wrong."""
        return typed_line(self.chat, "a chat line", MAX_CHAT, joiners=True)


class StandinFrame(_Frame):
    """Hand the client's seat to a bot (its spec), or take it back (null)."""

    standin: Annotated[str, Field(max_length=MAX_BOT_SPEC)] | None


class LeaveFrame(_Frame):
    """The client's person leaves the seat."""

    leave: Literal[True]


class VoteFrame(_Frame):
    """The client's person votes to hand an absent person's seat to a bot."""

    vote_standin: int = Field(ge=0, le=MAX_SEAT)


_TAGS = ("token", "action", "undo", "chat", "standin", "leave", "vote_standin")


def _tag(data: object) -> str | None:
    """Which frame ``data`` is: the first of its keys that names one."""
    if isinstance(data, dict):
        return next((key for key in _TAGS if key in data), None)
    return None


AnyClientFrame = (Hello | ActionFrame | UndoFrame | ChatFrame | StandinFrame | LeaveFrame
                  | VoteFrame)
# Each kind of frame by its name (docs/online.md's table of client frames names these).
CLIENT_FRAMES: dict[str, type[AnyClientFrame]] = {
    "hello": Hello, "action": ActionFrame, "undo": UndoFrame, "chat": ChatFrame,
    "standin": StandinFrame, "leave": LeaveFrame, "vote_standin": VoteFrame}
# The union pydantic validates, each model tagged by the key that says what it is.
ClientFrame = Annotated[
    Annotated[Hello, Tag("token")] | Annotated[ActionFrame, Tag("action")]
    | Annotated[UndoFrame, Tag("undo")] | Annotated[ChatFrame, Tag("chat")]
    | Annotated[StandinFrame, Tag("standin")]
    | Annotated[LeaveFrame, Tag("leave")] | Annotated[VoteFrame, Tag("vote_standin")],
    Discriminator(_tag)]
_ADAPTER: TypeAdapter[ClientFrame] = TypeAdapter(ClientFrame)


def read_frame(data: object) -> AnyClientFrame:
    """The frame ``data`` (a decoded JSON value) is; ``ValueError`` naming the field that
    is wrong and what it should be."""
    if not isinstance(data, dict):
        raise ValueError("a frame is a JSON object")
    if _tag(data) is None:
        keys = ", ".join(sorted(excerpt(str(key)) for key in data)) or "no key"
        raise ValueError(f"a frame is {KINDS}, not one with {keys}")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise ValueError(_message(exc)) from None


# What a field of two kinds holds, said when a value is neither.
_EITHER = {
    "action": f"an action's notation (text of at most {MAX_ACTION_CHARS:,} characters) "
              "or its JSON (an object)",
    "standin": f"a bot spec (text of at most {MAX_BOT_SPEC} characters), or null to take "
               "the seat back",
}


def _message(exc: ValidationError) -> str:
    """The first fault of a refused frame: its field and what is wrong with it."""
    errors = exc.errors(include_url=False, include_input=False)
    error = errors[0]
    where = str(error["loc"][1]) if len(error["loc"]) > 1 else "the frame"
    if error["type"] == "extra_forbidden":
        return f"{where}: a frame has no such field"
    if where in _EITHER and sum(e["loc"][1:2] == (where,) for e in errors) > 1:
        return f"{where}: {_EITHER[where]}"
    return f"{where}: {error['msg']}"
