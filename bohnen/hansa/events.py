"""What happened in a game of Bohn Hansa, censored per viewer.

One event type: a name, what everybody sees, and what only one seat sees (the
contract it drew or bought, the cards dealt to it). Texts are built on demand.
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

    def to_json(self, viewer: int | None) -> JSON:
        data: JSON = {"event": self.name, **self.public}
        if self.private is not None and viewer is not None and viewer == self.owner:
            data.update(self.private)
        return data

    def text(self, viewer: int | None) -> str:
        if self.text_private is not None and viewer is not None and viewer == self.owner:
            return self.text_private
        return self.text_public


def event(name: str, text: str, **public: Any) -> Event:
    return Event(name, public, text)


def secret(name: str, owner: int, text: str, text_owner: str, public: JSON,
           private: JSON) -> Event:
    return Event(name, public, text, owner, private, text_owner)
