"""The Bohnanza board in words, from a seat's view: plain text, no markup.

What :meth:`Bohnanza.describe` writes (for a text agent, a log, a screen reader), the
plain pieces the terminal screen shares (beans by name, the hand in its fixed order,
the open proposals), and a seat's moves in words (:func:`action_texts`, what
:meth:`Bohnanza.action_texts` gives the online table). Reads only the view
(``view_types.py`` types it), so it shows a seat no more than its view holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bohnen.bohnanza.actions import (
    Accept,
    BohnanzaAction,
    BuyThirdField,
    CloseTrading,
    Counter,
    Decline,
    EndPlanting,
    Harvest,
    Pass,
    Plant,
    PlantTraded,
    Propose,
    Withdraw,
)
from bohnen.bohnanza.beans import CODES, NAMES
from bohnen.core.names import NO_NAMES, Names, seat_name

JSON = Mapping[str, Any]
PHASES = {"plant": "planting", "trade": "trading", "plant_traded": "planting traded",
          "over": "over"}


def bean_names(view: JSON) -> dict[str, str]:
    """Each bean's name by its code, from the view's legend."""
    return {b["code"]: b["name"] for b in view["legend"]}


def hand_text(hand: Sequence[str], names: Mapping[str, str]) -> str:
    """A hand in its fixed order, positions shown, the front card marked."""
    return " ".join(f"{'▶' if i == 0 else ''}h{i} {names[code]}" for i, code in enumerate(hand))


def proposal_text(p: JSON, names: Mapping[str, str]) -> str:
    """An open proposal in a line, beans by name."""
    gives = [names[b] for b in [*p["hand_beans"], *p["face_up_beans"]]]
    gives += [f"{p['talers']}t"] if p["talers"] else []
    wants = [names[b] for b in p["wants"]]
    wants += [f"{p['wants_talers']}t"] if p["wants_talers"] else []
    give = ", ".join(gives) or "nothing"
    want = ", ".join(wants) or "nothing (a gift)"
    return f"#{p['pid']} seat {p['from']}→{p['to']}: gives {give}; wants {want}"


def meters(view: JSON) -> dict[str, list[int | None]]:
    """Each bean's beanometer by its code, from the view's legend: the cards a field
    needs to pay 1, 2, 3 and 4 talers (None where the bean pays no such step)."""
    return {b["code"]: list(b["beanometer"]) for b in view["legend"]}


def meter_steps(meter: Sequence[int | None]) -> list[tuple[int, int]]:
    """A beanometer's steps: (cards, talers) for each step the bean has."""
    return [(cards, talers) for talers, cards in enumerate(meter, start=1) if cards is not None]


def meter_text(meter: Sequence[int | None]) -> str:
    """A whole beanometer, e.g. ``4→1 6→2 8→3 10→4`` (cards → talers)."""
    return " ".join(f"{cards}→{talers}" for cards, talers in meter_steps(meter))


def field_text(field: JSON, index: int, names: Mapping[str, str],
               meter: Sequence[int | None] = ()) -> str:
    """One field: bean, count, the bean's whole beanometer (cards → talers) and the
    talers it pays now, e.g. ``0: Blaue ×4 [4→1 6→2 8→3 10→4] pays 1t``."""
    if field["count"] == 0:
        return f"{index}: empty"
    scale = f" [{meter_text(meter)}]" if meter else ""
    return (f"{index}: {names[field['bean']]} ×{field['count']}{scale} "
            f"pays {field['talers']}t")


def player_line(view: JSON, player: JSON, name: str, names: Mapping[str, str]) -> str:
    """A seat's talers, hand size and fields."""
    seat = player["seat"]
    mark = "▶" if seat == view["active"] else " "
    scales = meters(view)
    cells = [field_text(f, i, names, scales.get(f["bean"] or "", ()))
             for i, f in enumerate(player["fields"])]
    if not player["third_field"]:
        cells.append(f"2: ({view['third_field_cost']}t to buy)")
    return (f"{mark}{seat} {name}: {player['talers']}t, hand {player['hand_size']}, "
            f"fields " + " · ".join(cells))


def table_line(view: JSON, names: Mapping[str, str]) -> str:
    """The draw pile, run-outs, discard pile and the face-up cards."""
    discard = view["discard"]
    top = f", top {names[discard[-1]]}" if discard else ""
    face = " ".join(f"f{i} {names[b]}" for i, b in enumerate(view["face_up"])) or "—"
    return (f"Draw {view['draw_pile_size']} · run-outs {view['runouts']}/3 · "
            f"discard {len(discard)}{top} · face up: {face}")


def trading_lines(view: JSON, viewer: int, names: Mapping[str, str]) -> list[str]:
    """The trading: who holds the floor (open: that anyone may offer), the proposals left,
    the open proposals (a counter with the proposal it counters, where the caller added
    it to the proposal's view as ``counters``: the view itself does not say)."""
    trading = view["trading"]
    if trading is None:
        return []
    floor = trading["floor"]
    head = (f"Trading · floor: seat {floor}" if floor is not None
            else "Open trading · anyone may offer at any moment")
    left = view["players"][viewer]["proposals_left"]
    if left is not None:
        head += f" · your proposals left {left}"
    lines = [head]
    for p in trading["proposals"]:
        was = p.get("counters")
        lines.append(proposal_text(p, names) + (f" (counters #{was})" if was else ""))
    if not trading["proposals"] and floor is None:
        lines.append("No open offer.")
    return lines


def legend_line(view: JSON) -> str:
    """Each bean's code (the notation's), name and beanometer: the cards that pay 1, 2,
    3 and 4 talers."""
    beans = [f"{b['code']} {b['name']} "
             + "/".join("–" if n is None else str(n) for n in b["beanometer"])
             for b in view["legend"]]
    return "Beans (code, name, cards for 1/2/3/4 talers): " + " · ".join(beans)


def codes_lines(view: JSON) -> list[str]:
    """The codes a person may type in notation, with what each names: the beans (from
    the view's legend), the hand positions and the face-up cards."""
    beans = " ".join(f"{b['code']}={b['name']}" for b in view["legend"])
    return [f"Beans: {beans}",
            "Cards: h0 h1 … your hand, front first · f0 f1 … the face-up cards"]


def describe(view: JSON, viewer: int, names: Sequence[str]) -> str:
    """The whole board as ``viewer`` sees it (``names``: each seat's name)."""
    beans = bean_names(view)
    lines = [f"Bohnanza · turn {view['turn']} · seat {view['active']} plays · "
             f"{PHASES[view['phase']]} · you are seat {viewer}",
             legend_line(view), table_line(view, beans),
             "Seats (fields: bean ×count [beanometer: cards→talers] and what it pays now):"]
    lines += [player_line(view, p, names[p["seat"]], beans) for p in view["players"]]
    areas = [f"{p['seat']}: " + " ".join(beans[b] for b in p["trade_area"])
             for p in view["players"] if p["trade_area"]]
    if areas:
        lines.append("Trade areas: " + " · ".join(areas))
    lines += trading_lines(view, viewer, beans)
    hand = view["players"][viewer]["hand"] or []
    lines.append("Your hand: " + (hand_text(hand, beans) or "(empty)"))
    return "\n".join(lines)


# --- a seat's moves in words ---------------------------------------------------------


_NAMES: dict[str, str] = dict(zip(CODES, NAMES, strict=True))  # the legend's, by code


class _Seen:
    """What the words of one seat's moves read of its view, looked up once (the beans'
    names are the legend's, which is the same in every view)."""

    __slots__ = ("_proposals", "hand", "me", "names", "view")

    def __init__(self, view: JSON, seat: int, names: Names = NO_NAMES) -> None:
        self.view = view
        self.names = names
        self.me = view["players"][seat]
        self.hand: Sequence[str] = self.me["hand"] or []
        self._proposals: dict[int, JSON] | None = None

    @property
    def proposals(self) -> dict[int, JSON]:
        """The open proposals by number (read when a move names one)."""
        if self._proposals is None:
            trading = self.view["trading"]
            self._proposals = ({p["pid"]: p for p in trading["proposals"]}
                               if trading is not None else {})
        return self._proposals

    def bean(self, bean: object) -> str:
        code = CODES[bean] if isinstance(bean, int) and 0 <= bean < len(CODES) else "?"
        return _NAMES.get(code, code)

    def cards(self, hand: Sequence[int], face_up: Sequence[int]) -> list[str]:
        """The cards named by hand positions and face-up indices, by bean; a hand position
        as the board and the notation write it (``h0`` is the front card)."""
        face = self.view["face_up"]
        return ([f"{_at(self.hand, i)} (h{i} in your hand)" for i in hand]
                + [f"the face-up {_at(face, i)}" for i in face_up])

    def offer(self, a: Propose | Counter) -> str:
        """What a proposal gives and wants, in words."""
        gives = self.cards(a.hand, a.face_up) + _talers(a.talers)
        wants = [self.bean(b) for b in a.wants] + _talers(a.wants_talers)
        give = ", ".join(gives) or "nothing"
        want = ", ".join(wants) or "nothing (a gift)"
        return f"give {give}; want {want}"

    def proposer(self, pid: int) -> str:
        p = self.proposals.get(pid)
        return f" of {seat_name(self.names, p['from'])}" if p is not None else ""


def _at(codes: Sequence[str], index: int) -> str:
    return _NAMES.get(codes[index], "?") if 0 <= index < len(codes) else "?"


def _talers(count: int) -> list[str]:
    return [f"{count} taler{'s' if count != 1 else ''}"] if count else []


def _plant(seen: _Seen, a: Plant) -> str:
    front = _at(seen.hand, 0)
    return f"Plant your front card ({front}) in field {a.field}"


def _harvest(seen: _Seen, a: Harvest) -> str:
    fields = seen.me["fields"]
    if not 0 <= a.field < len(fields) or fields[a.field]["bean"] is None:
        return f"Harvest field {a.field}"
    field = fields[a.field]
    talers = field["talers"]
    return (f"Harvest field {a.field}: {field['count']} {_NAMES[field['bean']]} for "
            f"{talers} taler{'s' if talers != 1 else ''}")


def _accept(seen: _Seen, a: Accept) -> str:
    given = seen.cards(a.hand, a.face_up)
    giving = f", giving {', '.join(given)}" if given else ""
    return f"Accept offer {a.pid}{seen.proposer(a.pid)}{giving}"


def _words(seen: _Seen, a: BohnanzaAction) -> str:
    """One action in words."""
    match a:
        case Plant():
            return _plant(seen, a)
        case EndPlanting():
            return "End planting (keep the next card in your hand)"
        case PlantTraded():
            return f"Plant the traded {seen.bean(a.bean)} in field {a.field}"
        case Harvest():
            return _harvest(seen, a)
        case BuyThirdField():
            return f"Buy the third field for {seen.view['third_field_cost']} talers"
        case Propose():
            return f"Propose to {seat_name(seen.names, a.to)}: {seen.offer(a)}"
        case Counter():
            return f"Counter offer {a.pid}{seen.proposer(a.pid)}: {seen.offer(a)}"
        case Accept():
            return _accept(seen, a)
        case Decline():
            return f"Decline offer {a.pid}{seen.proposer(a.pid)}"
        case Withdraw():
            return f"Withdraw your offer {a.pid}"
        case Pass():
            return "Pass the floor to the next seat"
        case CloseTrading():
            return "Close the trading"


def action_texts(view: JSON, actions: Sequence[BohnanzaAction],
                 names: Names = NO_NAMES) -> list[str]:
    """Each of ``actions`` (of the seat whose view ``view`` is) in words, beans by name,
    other seats by ``names`` ("seat 2" without)."""
    if not actions:
        return []
    seen = _Seen(view, view["seat"], names)
    return [_words(seen, a) for a in actions]
