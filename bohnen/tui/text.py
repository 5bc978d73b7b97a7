"""Small helpers shared by the screens to write Textual markup."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.markup import escape


def esc(text: object) -> str:
    """``text`` with markup characters escaped."""
    return escape(str(text))


def click(action: str, label: str) -> str:
    """``label`` (already markup) that runs the screen's ``action`` when clicked."""
    return f"[@click=screen.{action}]{label}[/]"


def without_seat(notation: str) -> str:
    """An action's notation without the leading ``"K: "``."""
    head, sep, rest = notation.partition(":")
    return rest.strip() if sep and head.strip().isdigit() else notation


def numbered(actions: Iterable[object], width: int = 80,
             describe: Callable[[object], str] | None = None) -> str:
    """The listed actions as clickable ``N label`` items, packed into lines of ``width``;
    ``describe`` gives an action's label (plain text; default: its notation)."""
    lines: list[str] = []
    line = ""
    plain_len = 0
    for number, action in enumerate(actions, start=1):
        text = describe(action) if describe is not None else without_seat(str(action))
        label = f"{number} {text}"
        item = click(f"choose({number})", f"[b]{number}[/b] {esc(label[len(str(number)) + 1:])}")
        if plain_len and plain_len + 2 + len(label) > width:
            lines.append(line)
            line, plain_len = "", 0
        line += ("  " if plain_len else "") + item
        plain_len += (2 if plain_len else 0) + len(label)
    if line:
        lines.append(line)
    return "\n".join(lines)


def seat_name(seat: int, viewer: int, bots: dict[int, str]) -> str:
    """How a seat is called on the viewer's screen: you, a bot's name, or a person."""
    if seat == viewer:
        return "you"
    return bots.get(seat, "person").split(":")[0]
