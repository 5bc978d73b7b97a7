"""What happened in a game of Bohn Hansa, censored per viewer.

One event type: a name, what everybody sees, and what only one seat sees (the
contract it drew or bought, the cards dealt to it). Texts are built on demand.

``reveals`` (see ``bohnen.core.protocol.Event``) is set by the code that makes the
event, because one name can be either: it is true of a contract drawn or bought (off
the hidden, maybe reshuffled, contract pile), of a Neue-Ernte card turned up off its
pile (a Nachschub, an invited guest's Nachschub), of the first turn when lots were
drawn among tied seats, and of an invited guest's first card when the active player
accepted the invitation (the guest proposed it); false of a Neue-Ernte card that was
lying face up before its player, and of a card a seat plays from its own hand on its
own move (a journey; the invitation the guest accepted).
"""

from __future__ import annotations

from typing import Any, NamedTuple

JSON = dict[str, Any]


class Event(NamedTuple):
    name: str
    public: JSON  # seen by every viewer
    text_public: str
    owner: int | None = None  # the seat that also sees ``private``
    private: JSON | None = None
    text_private: str | None = None
    reveals: bool = False  # chance or a hidden card came into play

    def to_json(self, viewer: int | None) -> JSON:
        data: JSON = {"event": self.name, **self.public}
        if self.private is not None and viewer is not None and viewer == self.owner:
            data.update(self.private)
        return data

    def text(self, viewer: int | None) -> str:
        if self.text_private is not None and viewer is not None and viewer == self.owner:
            return self.text_private
        return self.text_public


def event(name: str, text: str, *, reveals: bool = False, **public: Any) -> Event:
    return Event(name, public, text, None, None, None, reveals)


def secret(name: str, owner: int, text: str, text_owner: str, public: JSON,
           private: JSON, *, reveals: bool) -> Event:
    return Event(name, public, text, owner, private, text_owner, reveals)
