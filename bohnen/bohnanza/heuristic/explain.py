"""Why the heuristic bot makes a move, in one line: the hint's reason at the terminal.

:meth:`HeuristicBot.advise` returns the bot's move and its reason; :func:`reason` words the
facts of the bot's own rules of thumb that decided the move (``planting.py``: a field
that keeps growing, a bean with nowhere else to go, a field that can grow no more, the
turns left for the third field; ``trading.py``: the beans a trade brings to the fields
and the cards it gives away that fit none). It reads only the seat's scene, built from
its own view, so a reason says nothing the seat may not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

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
from bohnen.bohnanza.beans import BEANS, PAYOUT, next_step
from bohnen.bohnanza.heuristic.planting import is_full_grown
from bohnen.bohnanza.heuristic.scene import Scene, Tuning, read
from bohnen.bohnanza.view_types import SeatView
from bohnen.core.bots import Decision
from bohnen.core.english import counted


def name(bean: int) -> str:
    """A bean's name, as the board writes it."""
    return BEANS[bean].name if 0 <= bean < len(BEANS) else "?"


def talers(count: int) -> str:
    return counted(count, "taler")


def _grows(scene: Scene, bean: int, field: int) -> str:
    """Planting ``bean`` in ``field``: what it does to that field, by the beanometer."""
    count = scene.counts[field]
    if count and scene.beans[field] == bean:
        after = count + 1
        pays = PAYOUT[bean][after]
        step = next_step(bean, after)
        if pays > PAYOUT[bean][count]:
            return (f"keeps your {name(bean)} field growing to {after}, which now pays "
                    f"{talers(pays)}")
        if step is not None:
            return (f"keeps your {name(bean)} field growing to {after}; "
                    f"{step[0]} pay {talers(step[1])}")
        return f"keeps your {name(bean)} field growing to {after}"
    others = [f for f in range(len(scene.counts)) if f != field and scene.counts[f]]
    held = ", ".join(name(scene.beans[f]) for f in others)
    if held:
        return (f"no field holds {name(bean)}: it starts field {field}, empty, and your "
                f"{held} keep growing")
    return f"starts a {name(bean)} field in field {field}, which is empty"


def _harvest(scene: Scene, field: int, waiting: int | None) -> str:
    """Harvesting ``field``: a field grown full, or the one that loses least to make
    room for ``waiting`` (a bean with nowhere else to go)."""
    bean, count = scene.beans[field], scene.counts[field]
    pay = talers(PAYOUT[bean][count]) if bean >= 0 else talers(0)
    crop = f"field {field} ({count} {name(bean)}) pays {pay}"
    if is_full_grown(scene, field):
        return f"{crop} and can grow no more"
    if waiting is not None:
        return f"your {name(waiting)} has no field to go to: {crop}, the least loss"
    return f"{crop}, the least loss"


def _end_planting(scene: Scene) -> str:
    """Keeping the second card: it fits none of the fields (``plants_second`` false)."""
    bean = scene.hand[0] if scene.hand else -1
    if 0 not in scene.counts:
        return f"your next card ({name(bean)}) fits none of your fields and none is free"
    return (f"your next card ({name(bean)}) fits none of your fields and would take your "
            f"last empty one, with no more {name(bean)} near the front of your hand")


def _third_field(scene: Scene) -> str:
    left = scene.turns_left
    if left >= scene.tuning.field_turns:
        return (f"about {left:.0f} of your turns are left: a third field pays back its "
                f"{talers(scene.field_cost)}")
    return f"a third field now saves a harvest worth about its {talers(scene.field_cost)}"


def _growing(scene: Scene) -> set[int]:
    return {b for b, c in zip(scene.beans, scene.counts, strict=True) if c}


def _beans_named(beans: Sequence[int]) -> str:
    return ", ".join(name(b) for b in beans) or "nothing"


def _offer_reason(scene: Scene, give: list[int], want: list[int]) -> str:
    """A proposal: the beans it brings that the fields grow, the cards it gives away
    that fit none."""
    growing = _growing(scene)
    brings = [b for b in want if b in growing]
    spare = [b for b in give if b not in growing]
    parts = []
    if brings:
        parts.append(f"brings {_beans_named(brings)} for your fields")
    elif want:
        parts.append(f"brings {_beans_named(want)}, which you want most")
    if spare:
        fit = "fits" if len(spare) == 1 else "fit"
        parts.append(f"gives away {_beans_named(spare)}, which {fit} none of your fields")
    return " and ".join(parts) or "asks nothing that hurts your fields"


def _cards(scene: Scene, hand: tuple[int, ...], face_up: tuple[int, ...]) -> list[int]:
    cards: list[int] = [scene.hand[i] for i in hand if 0 <= i < len(scene.hand)]
    return cards + [scene.face_up[i] for i in face_up if 0 <= i < len(scene.face_up)]


def _accept(scene: Scene, action: Accept) -> str:
    offer = next((o for o in scene.offers if o.pid == action.pid), None)
    if offer is None:
        return "the offer adds to your fields"
    growing = _growing(scene)
    brings = [b for b in offer.gives if b in growing] or list(offer.gives)
    return (f"offer {action.pid} brings {_beans_named(brings)} for your fields, worth more "
            "to you than what it takes")


def _trading(scene: Scene, action: BohnanzaAction) -> str:
    match action:
        case Propose():
            return _offer_reason(scene, _cards(scene, action.hand, action.face_up),
                                 list(action.wants))
        case Counter():
            return _offer_reason(scene, _cards(scene, action.hand, action.face_up),
                                 list(action.wants))
        case Accept():
            return _accept(scene, action)
        case Decline():
            return f"offer {action.pid} would add too little to your fields"
        case Withdraw():
            return f"your offer {action.pid} has waited long enough"
        case Pass():
            return "no trade left adds enough to your fields"
        case CloseTrading():
            return "no trade left adds enough to your fields"
    return ""


def reason(scene: Scene, action: BohnanzaAction) -> str:
    """The one-line reason for ``action``, the move the bot chose in ``scene``."""
    match action:
        case Plant():
            bean = scene.hand[0] if scene.hand else -1
            return _grows(scene, bean, action.field)
        case PlantTraded():
            return _grows(scene, action.bean, action.field)
        case Harvest():
            waiting = (scene.hand[0] if scene.phase == "plant" and scene.hand
                       else scene.trade[0] if scene.trade else None)
            return _harvest(scene, action.field, waiting)
        case EndPlanting():
            return _end_planting(scene)
        case BuyThirdField():
            return _third_field(scene)
    return _trading(scene, action)


def explain(decision: Decision[BohnanzaAction], action: BohnanzaAction,
            tuning: Tuning | None = None) -> str:
    """Why the bot, deciding ``decision``, makes ``action`` (from the seat's view)."""
    if decision.view is None:
        return ""
    scene = read(cast(SeatView, decision.view), decision.seat, tuning or Tuning())
    return reason(scene, action)
