"""The values of a Bohnanza draft (:mod:`bohnen.rl.bohnanza`): what a draft needs of the
seat's view and legal actions (:class:`Context`, read once when the draft starts), and
the action under composition (:class:`Draft`).

Both are frozen dataclasses (immutable values that compare equal for equal fields) with
a constructor written out (``init=False``): an environment makes a draft at nearly every
step, and compiled (the compiled build) the constructor the dataclasses module writes
stays interpreted, some forty times slower than this one, which mypyc compiles (its
``object.__setattr__`` on the instance's own fields is a plain store there; pure
Python, it is what the dataclasses module's constructor does). They pickle by their
fields (compiled, a frozen dataclass's own unpickling refuses to set them).
"""

from __future__ import annotations

from dataclasses import dataclass

Ways = tuple[tuple[tuple[int, ...], str], ...]  # an acceptance's (cards paid, notation)


@dataclass(frozen=True, init=False)
class Context:
    """What a draft needs of the view and the seat's :class:`~bohnen.rl.encoding.Legal`
    (its legal actions and what it may propose: the engine's), read once by ``start``."""

    seat: int
    players: int
    simple: tuple[tuple[int, str], ...]  # (id, notation) of the actions of one id
    may_yield: bool
    targets: tuple[int, ...]  # seats a new proposal may go to (empty: none)
    counters: tuple[tuple[int, int, int], ...]  # (slot, pid, proposer) open to a counter
    accepts: tuple[tuple[int, Ways], ...]  # (slot, ways) of the proposals it may accept
    hand_size: int
    face_up: int  # face-up cards the seat may give (0 unless active)
    talers: int  # talers the seat may give (0 unless expert)
    expert: bool

    def __init__(self, seat: int, players: int, simple: tuple[tuple[int, str], ...],
                 may_yield: bool, targets: tuple[int, ...],
                 counters: tuple[tuple[int, int, int], ...],
                 accepts: tuple[tuple[int, Ways], ...], hand_size: int, face_up: int,
                 talers: int, expert: bool) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "simple", simple)
        object.__setattr__(self, "may_yield", may_yield)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "counters", counters)
        object.__setattr__(self, "accepts", accepts)
        object.__setattr__(self, "hand_size", hand_size)
        object.__setattr__(self, "face_up", face_up)
        object.__setattr__(self, "talers", talers)
        object.__setattr__(self, "expert", expert)

    def __reduce__(self) -> tuple[type[Context], tuple[object, ...]]:
        """Pickled by its fields."""
        return Context, (self.seat, self.players, self.simple, self.may_yield, self.targets,
                         self.counters, self.accepts, self.hand_size, self.face_up,
                         self.talers, self.expert)


@dataclass(frozen=True, init=False)
class Draft:
    """A seat's action under composition (``kind`` "root": none yet). ``target`` is the
    seat proposed to, or for "counter" and "accept" the slot of the proposal answered."""

    ctx: Context
    kind: str = "root"
    target: int = -1
    gives: tuple[int, ...] = ()  # combined slots: face-up j is j, hand position i is 2 + i
    give_talers: int = 0
    wants: tuple[int, ...] = ()  # bean indexes, non-decreasing
    want_talers: int = 0
    cancels: int = 0

    def __init__(self, ctx: Context, kind: str = "root", target: int = -1,
                 gives: tuple[int, ...] = (), give_talers: int = 0, wants: tuple[int, ...] = (),
                 want_talers: int = 0, cancels: int = 0) -> None:
        object.__setattr__(self, "ctx", ctx)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "gives", gives)
        object.__setattr__(self, "give_talers", give_talers)
        object.__setattr__(self, "wants", wants)
        object.__setattr__(self, "want_talers", want_talers)
        object.__setattr__(self, "cancels", cancels)

    def __reduce__(self) -> tuple[type[Draft], tuple[object, ...]]:
        """Pickled by its fields."""
        return Draft, (self.ctx, self.kind, self.target, self.gives, self.give_talers,
                       self.wants, self.want_talers, self.cancels)
