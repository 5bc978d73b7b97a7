"""Information-set Monte Carlo tree search (ISMCTS) for every game of the core protocol.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012), with one adjustment for
simultaneous moves. Each iteration:

1. samples a full state from the seat's view alone (``Game.search.sampler`` of the view, that
   is ``Search.state_from_view``, with the bot's rng): the bot never sees the real state;
2. descends one tree whose edges are actions: an edge keeps its visits, its
   availability (how often it was legal when its node was reached) and the summed
   reward of the seat that takes it; the seat to act picks by UCB with availability,
   ``mean + c * sqrt(ln(availability) / visits)``, so each player maximises its own
   reward;
3. expands one untried action, then plays out by the game's playout (``Game.search.playout``:
   to the end by random moves by default, never proposing trades, the active player
   closing trading at once; a game may play better moves and stop early with an
   estimate; or, with ``mast`` below 1, to the end MAST-guided; or, with
   ``playout=BOT``, by that bot in every seat, given its view of the sampled state, for
   ``horizon`` turns, then the game's estimate, or the one ``estimate`` names among
   ``Game.estimates``: see ``bot_playout.py``);
4. adds each seat's reward (a blend of its share of the win and its score relative to
   the table, in [0, 1]) along the path.

Where several seats may act (the face-down plays of Nicht die Bohne!, open trading),
the tree lets one of them act, drawn at random (the root seat at the root). A move
that leaves the others of such a step still to act is hidden from them until the step
is complete: its child node is shared by all moves of every order (keyed by the seats
still to act), and the move that completes the step leads to a node keyed by all the
step's moves. So no seat's choice is conditioned on a card it could not see.

Trade proposals come from the game's bounded generator: a node holds at most
``proposals`` of them, drawn at random when the node is reached and kept while legal.
The move played is the most visited root action (ties: the better mean, then the
first), always one of the :class:`Decision`'s actions or proposals. With a ``prior``
bot (``ismcts:prior=heuristic``), the prior's move is tried first and kept unless the
most visited action is better by a margin the search is confident of.

``expand=N`` grows the tree below an edge only once the edge has N visits (1, the
default: at once), so that a move is first judged by playouts of the game's own policy
rather than by a random reply expanded below it. ``paired=true`` searches in rounds:
each round samples one state and one playout seed and runs one iteration for every
root choice on them (common random numbers), so root choices are compared on the same
deals; the choice of best mean is played, or with a prior, the prior's move unless the
round-by-round differences beat it by ``trust`` standard errors, the threshold raised
for the number of choices (Bonferroni). ``race=Z`` races the choices: from the third
round on, a choice worse than the prior's move (or the best so far) by more than Z
standard errors of the paired differences runs no more rounds, so the budget goes to
the contenders.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from statistics import NormalDist
from typing import Any

from bohnen.bots.ismcts_settings import PARAMS as SETTINGS_PARAMS
from bohnen.bots.ismcts_settings import Settings
from bohnen.core.bots import AnyBot, Decision, Wait, chosen, idle
from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame
from bohnen.core.playout import closing, seat_actions
from bohnen.core.protocol import Action, AnyState
from bohnen.core.result import Result
from bohnen.core.search import Estimate

RACE_ROUNDS = 3  # paired rounds before a race drops a choice
# Of a move's ``seconds``, the share the search keeps in reserve: the clock is read
# between iterations, so a pause it cannot see (the garbage collector's, the system's)
# or an iteration longer than all before must still end within the budget.
RESERVE = 0.05
VISITS, AVAIL, TOTAL, SQUARES = 0, 1, 2, 3  # an edge: [visits, availability, reward, reward²]


@dataclass(frozen=True, slots=True)
class _Hidden:
    """Child key after a simultaneous move still hidden from the seats yet to act:
    those seats (whoever moved, and in whatever order)."""

    waiting: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class _Step:
    """Child key after the move that completes a simultaneous step: all its moves, by
    seat."""

    moves: tuple[Action, ...]


Sampler = Callable[[random.Random], AnyState]  # a sampled state of the seat's view


class Node:
    """An information set of the tree: its edges (action -> [visits, availability,
    reward]), its children by key, and the proposals drawn for it."""

    __slots__ = ("children", "edges", "proposals")

    def __init__(self) -> None:
        self.edges: dict[Hashable, list[float]] = {}
        self.children: dict[Hashable, Node] = {}
        self.proposals: list[Action] = []

    def child(self, key: Hashable) -> Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node


@dataclass(frozen=True, slots=True)
class Search:
    """What the last search did: iterations, time, and each root action's visits."""

    iterations: int
    seconds: float
    visits: tuple[tuple[Action, int], ...]


def rewards(result: Result, win: float) -> list[float]:
    """Each seat's reward in [0, 1]: ``win`` times its share of the win, plus the rest
    times its score's place between the lowest and the highest score (0.5 if equal)."""
    scores = result.scores
    low, high = min(scores), max(scores)
    span = high - low
    rest = 1.0 - win
    out = [rest * ((s - low) / span if span else 0.5) for s in scores]
    share = win / len(result.winners) if result.winners else 0.0
    for seat in result.winners:
        out[seat] += share
    return out


def mast_rollout(state: AnyState, rng: random.Random, table: dict[Hashable, list[float]],
                 epsilon: float, played: list[Action]) -> None:
    """Play ``state`` to its end like :func:`rollout`, but with probability ``1 -
    epsilon`` take the action of best average reward in ``table`` (MAST: the move-average
    sampling technique; untried actions count as the best); ``played`` gets the moves."""
    rand = rng.random
    while actions := seat_actions(state, rng):
        action = closing(actions)
        if action is None:
            if len(actions) == 1:
                action = actions[0]
            elif rand() < epsilon:
                action = actions[int(rand() * len(actions))]
            else:
                action = _greedy(actions, table) or actions[0]
        played.append(action)
        state.advance(action)


def _greedy(actions: list[Action], table: dict[Hashable, list[float]]) -> Action | None:
    best: Action | None = None
    best_value = -1.0
    get = table.get
    for action in actions:
        entry = get(action)
        value = entry[1] / entry[0] if entry is not None else 2.0
        if value > best_value:
            best, best_value = action, value
    return best


def _is_legal(state: AnyState, action: Action) -> bool:
    try:
        state.check(action)
    except ValueError:
        return False
    return True


class IsmctsBot:
    """ISMCTS with a budget of ``iterations`` and/or ``seconds`` (whichever ends first;
    ``iterations=400`` if neither is given; ``seconds`` bounds the whole move, the
    prior's included: the search keeps ``RESERVE`` of it in hand, and runs no iteration
    that could end past the rest, judged by the longest so far, but always at least one
    (with paired rounds: one round)). ``c`` weighs exploration, ``proposals`` is
    the most trade proposals tried at a node (0: never proposes), ``win`` the weight of
    winning against score in the reward, ``mast`` the share of random moves in the
    playouts (1: the game's playout, the default; below 1, playouts to the end whose
    other moves follow the actions' average rewards of the search, MAST). ``prior``: a
    bot asked first for its move, which is tried first and played unless another
    root action's mean reward beats it by more than ``trust`` standard errors of the
    difference (so a short search cannot make a guided bot worse by chance); with
    ``proposals=0`` too, a proposal of the prior is played as it is (the search weighs
    the other moves, the prior negotiates). ``negotiate=prior`` leaves the negotiation to
    the prior: whenever the prior's move is one of the negotiation (a proposal, an
    answer, a pass, the close), it is played as it is, and the search weighs the other
    decisions (a game's playouts model a negotiation poorly). ``negotiate=veto`` leaves
    the negotiation to the prior too, but a move of the prior's that would make a deal
    (a proposal, a counter, an acceptance) is searched against the moves that refuse
    it (declining that offer; for a proposal, passing or closing: the action types say
    so with a true ``refuses``), so that the search may say no where the prior says
    yes; refusals of the prior's are played as they are. ``paired`` and
    ``expand``: see the module's text (with ``paired``, ``iterations`` is rounded down
    to whole rounds, at least one); ``margin=true``: paired rounds compare the seat's
    score less the best other score, not its reward; ``race=Z``: after each paired
    round (from the third), the choices worse than the prior's move (without a prior,
    than the best so far) by more than Z standard errors are dropped, so that the
    rounds go to the contenders."""

    needs_view = True

    def __init__(self, game: AnyGame, settings: Settings | None = None) -> None:
        settings = settings or Settings()
        self.game = game
        self.prior = _named_bot("prior", settings.prior, game) if settings.prior else None
        self.bot_playout = None
        if settings.playout:
            from bohnen.bots.bot_playout import bot_playouts

            playout = _named_bot("playout", settings.playout, game).name  # refuses at once
            self.bot_playout = bot_playouts(game, lambda: _named_bot("playout", playout, game),
                                            _estimate(game, settings.estimate))
            settings = replace(settings, playout=playout)
        if self.prior is not None:
            settings = replace(settings, prior=self.prior.name)
        self.settings = settings
        self.name = settings.name
        self.searches_proposals = settings.proposals > 0
        # a prior that proposes is handed the proposals even when the search weighs none
        self.proposes = self.searches_proposals or (self.prior is not None
                                                    and self.prior.proposes)
        self.mast: dict[Hashable, list[float]] = {}
        self.prior_negotiates = settings.negotiate == "prior"
        self.vetoes = settings.negotiate == "veto"
        self.horizon = settings.horizon or None  # turns of a bot playout (None: to the end)
        self.last: Search | None = None
        self.hint: Action | None = None

    # --- the move -----------------------------------------------------------------------

    def act(self, decision: Decision[Action], rng: random.Random) -> Action | Wait:
        """The most visited root action; where the decision allows waiting (a live
        table), the prior's wait if it waits, and without a prior a wait while the seat
        has nothing but moves open at any moment (see :func:`~bohnen.core.bots.idle`)."""
        start = time.perf_counter()  # the budget counts the prior's move too
        self.hint = None
        if decision.may_wait:
            if self.prior is None:
                if idle(decision, self.searches_proposals):
                    return Wait()
            else:
                hint = self.prior.act(decision, rng)
                if isinstance(hint, Wait):
                    return hint
                self.hint = hint
        elif self.prior is not None and len(decision.actions) + len(decision.proposals) > 1:
            self.hint = chosen(self.prior, decision, rng)
        choices = self._choices(decision, rng)
        if not choices:
            raise ValueError(f"seat {decision.seat} has no legal action to choose from")
        if len(choices) == 1:
            self.last = Search(0, 0.0, ((choices[0], 0),))
            return choices[0]
        if decision.view is None:
            raise ValueError("ismcts needs the seat's view in its decision")
        root = Node()
        self.mast = {}
        sample = self.game.search.sampler(decision.view)
        seconds, budget = self.settings.seconds, self.settings.budget
        deadline = start + seconds * (1 - RESERVE) if seconds is not None else math.inf
        limit = budget if budget is not None else -1
        if self.settings.paired:
            done, best = self._paired(root, decision.seat, sample, choices, rng, limit, deadline)
        else:
            done = 0
            clock = Clock(deadline)
            while done != limit:
                self._iterate(root, decision.seat, sample, choices, rng)
                done += 1
                if clock.step():
                    break
            best = self._best(root, choices)
            if self.hint is not None:
                best = _trusted(root, self.hint, best, self.settings.trust)
        self.last = Search(done, time.perf_counter() - start,
                           tuple((a, int(root.edges[a][VISITS]) if a in root.edges else 0)
                                 for a in choices))
        return best

    # --- paired rounds at the root ------------------------------------------------------

    def _paired(self, root: Node, seat: int, sample: Sampler,
                choices: list[Action], rng: random.Random, limit: int, deadline: float
                ) -> tuple[int, Action]:
        """Rounds of one iteration per root choice, all on the same sampled state and
        with the same playout seed (common random numbers), so that the choices are
        compared on the same deals; returns the iterations run and the choice played.

        A new round begins only if one at the mean pace of the rounds so far ends in
        time; a round that turns out slower is dropped, unfinished, as soon as one more
        iteration as long as the longest so far could end past ``deadline`` (the first
        round is always finished: it is all there is to choose by)."""
        outcomes: list[list[float]] = [[] for _ in choices]
        alive = list(range(len(choices)))  # the choices still in the race
        hint = choices.index(self.hint) if self.hint is not None else None
        done = rounds = 0
        begun = time.perf_counter()
        clock = Clock(deadline)
        over = False  # whether one more iteration could end past the deadline
        while True:
            base = sample(rng)
            seed = rng.getrandbits(64)
            last = alive[-1]
            played = 0
            for index in alive:
                if rounds and over:
                    break
                state = base.clone() if index != last else base
                reward, outcome = self._descend(root, state, seat, choices, rng,
                                                random.Random(seed), forced=choices[index])
                outcomes[index].append(margin(outcome.scores, seat) if self.settings.margin
                                       else reward[seat])
                done += 1
                played += 1
                over = clock.step()
            if played < len(alive):  # out of time within the round: it compares nothing
                for index in alive[:played]:
                    outcomes[index].pop()
                break
            rounds += 1
            if self.settings.race and rounds >= RACE_ROUNDS and len(alive) > 2:
                alive = _race(alive, outcomes, hint, self.settings.race)
            if done + len(alive) > limit >= 0 or over or _out_of_time(begun, rounds, deadline):
                break
        return done, _paired_choice([choices[i] for i in alive], [outcomes[i] for i in alive],
                                    self.hint, self.settings.trust, len(choices))

    def _choices(self, decision: Decision[Action], rng: random.Random) -> list[Action]:
        """The root choices: with a prior's move, that move alone where it is played as
        it is (a proposal the search does not weigh, a negotiation left to the prior),
        with the moves refusing it where the search may veto it, or else among the
        decision's."""
        hint = self.hint
        if hint is None:
            return self._root_choices(decision, rng)
        if self.vetoes and negotiates(hint):
            return [hint, *refusals(hint, decision.actions)]
        if (not self.searches_proposals and hint not in decision.actions) or \
                (self.prior_negotiates and negotiates(hint)):
            return [hint]
        choices = self._root_choices(decision, rng)
        if hint not in choices:
            choices.append(hint)
        return choices

    def _root_choices(self, decision: Decision[Action], rng: random.Random) -> list[Action]:
        """The decision's actions, and a few of its proposals drawn at random."""
        choices = list(decision.actions)
        space = decision.proposals if self.searches_proposals else ()
        if space:
            size = len(space)
            picks = rng.sample(range(size), min(self.settings.proposals, size))
            for index in picks:
                proposal = space[index]
                if proposal not in choices:
                    choices.append(proposal)
        return choices

    @staticmethod
    def _best(root: Node, choices: list[Action]) -> Action:
        def key(action: Action) -> tuple[float, float]:
            edge = root.edges.get(action)
            if edge is None or not edge[VISITS]:
                return (0.0, 0.0)
            return (edge[VISITS], edge[TOTAL] / edge[VISITS])

        best = choices[0]
        best_key = key(best)
        for action in choices[1:]:
            k = key(action)
            if k > best_key:
                best, best_key = action, k
        return best

    # --- one iteration ------------------------------------------------------------------

    def _iterate(self, root: Node, seat: int, sample: Sampler,
                 choices: list[Action], rng: random.Random) -> None:
        self._descend(root, sample(rng), seat, choices, rng, rng)

    def _descend(self, root: Node, state: AnyState, seat: int, choices: list[Action],
                 rng: random.Random, playout_rng: random.Random, forced: Action | None = None
                 ) -> tuple[list[float], Result]:
        """One iteration from ``root`` on the sampled ``state`` (``forced``: the root
        action to take); the tree grows below an edge once it has ``expand`` visits.
        Returns every seat's reward and the playout's outcome."""
        path: list[tuple[list[float], Action]] = []
        node = root
        seats: tuple[int, ...] = state.to_act()
        actions = choices
        step: list[Action] = []  # moves of a simultaneous step not yet complete
        hint = self.hint
        while True:
            if forced is not None:
                action = forced
                forced = None
                _count_availability(node, actions)
                node.edges.setdefault(action, [0.0, 1.0, 0.0, 0.0])
            else:
                action, _ = self._select(node, actions, rng, hint)
            hint = None
            edge = node.edges[action]
            path.append((edge, action))
            state.advance(action)
            after = state.to_act()
            if edge[VISITS] < self.settings.expand or not after:
                break
            node = node.child(_child_key(action, seat, seats, after, step))
            seats = after
            seat, actions = self._node_actions(state, seats, node, rng)
        if self.settings.mast < 1.0:
            played = [a for _, a in path]
            mast_rollout(state, playout_rng, self.mast, self.settings.mast, played)
            outcome: Result = state.result()
            reward = rewards(outcome, self.settings.win)
            _update_mast(self.mast, played, reward)
        else:
            if self.bot_playout is not None:
                outcome = self.bot_playout(state, playout_rng, self.horizon)
            else:
                outcome = self.game.search.playout(state, playout_rng)
            reward = rewards(outcome, self.settings.win)
        for edge, action in path:
            r = reward[action.seat]
            edge[VISITS] += 1
            edge[TOTAL] += r
            edge[SQUARES] += r * r
        return reward, outcome

    def _select(self, node: Node, actions: list[Action], rng: random.Random,
                hint: Action | None = None) -> tuple[Action, bool]:
        """The action to follow from ``node`` and whether it was just expanded; counts
        every action's availability. ``hint`` (the prior's move, at the root) is tried
        first."""
        edges = node.edges
        get = edges.get
        untried: list[Action] = []
        for action in actions:  # one pass: the untried, and the others' availability
            edge = get(action)
            if edge is None:
                untried.append(action)
            else:
                edge[AVAIL] += 1
        if untried:
            action = hint if hint in untried else untried[int(rng.random() * len(untried))]
            edges[action] = [0.0, 1.0, 0.0, 0.0]
            return action, True
        c = self.settings.c
        sqrt, log = math.sqrt, math.log
        best = actions[0]
        best_score = -math.inf
        for action in actions:
            visits, avail, total, _ = edges[action]
            score = total / visits + c * sqrt(log(avail) / visits)
            if score > best_score:
                best, best_score = action, score
        return best, False

    def _node_actions(self, state: AnyState, seats: tuple[int, ...], node: Node,
                      rng: random.Random) -> tuple[int, list[Action]]:
        """The seat to act at ``node`` (one of ``seats`` with a choice, at random) and its
        candidates: its legal actions and the node's proposals that are legal."""
        count = len(seats)
        start = int(rng.random() * count) if count > 1 else 0
        for k in range(count):
            seat = seats[(start + k) % count]
            actions = state.legal_actions(seat)
            if self.searches_proposals:
                actions.extend(self._proposals(state, seat, node, rng))
            if actions:
                return seat, actions
        raise RuntimeError(f"no seat of {seats} has a legal action")

    def _proposals(self, state: AnyState, seat: int, node: Node,
                   rng: random.Random) -> list[Action]:
        space = state.proposals(seat)
        if not space:
            return []
        held = node.proposals
        if len(held) < self.settings.proposals:
            fresh = space[int(rng.random() * len(space))]
            if fresh not in held:
                held.append(fresh)
        return [p for p in held if p.seat == seat and _is_legal(state, p)]


def margin(scores: tuple[int, ...], seat: int) -> float:
    """``seat``'s score less the best score of the others: what paired rounds compare
    with ``margin=true`` (smoother than a share of the win, so a consistent gain shows
    in fewer rounds)."""
    return scores[seat] - max(s for k, s in enumerate(scores) if k != seat)


class Clock:
    """The iterations of a move against its deadline: after each, whether one more as
    long as the longest so far could end past it."""

    __slots__ = ("deadline", "last", "longest")

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.last = time.perf_counter()
        self.longest = 0.0

    def step(self) -> bool:
        """Note that an iteration has just ended; whether one more could overrun."""
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        self.last = now
        return now + self.longest >= self.deadline


def _out_of_time(begun: float, steps: int, deadline: float) -> bool:
    """Whether one more round, at the mean pace of the ``steps`` rounds done since
    ``begun``, would end past ``deadline`` (whether to begin it; ``Clock`` stops it
    within the deadline if it turns out slower)."""
    now = time.perf_counter()
    return now + (now - begun) / steps >= deadline


def _trusted(root: Node, hint: Action | None, best: Action, trust: float) -> Action:
    """``best`` if its mean reward beats the prior's move ``hint`` by more than ``trust``
    standard errors of the difference; else ``hint``."""
    if hint is None or best == hint or hint not in root.edges:
        return best
    a, b = root.edges[best], root.edges[hint]
    if a[VISITS] < 2 or b[VISITS] < 2:
        return hint
    mean_a, mean_b = a[TOTAL] / a[VISITS], b[TOTAL] / b[VISITS]
    var_a = max(a[SQUARES] / a[VISITS] - mean_a * mean_a, 0.0) / (a[VISITS] - 1)
    var_b = max(b[SQUARES] / b[VISITS] - mean_b * mean_b, 0.0) / (b[VISITS] - 1)
    return best if mean_a - mean_b > trust * math.sqrt(var_a + var_b) else hint


def negotiates(action: object) -> bool:
    """Whether ``action`` is a move of a negotiation (a proposal, an answer, a pass, the
    close): its type says so with a true ``negotiates`` attribute."""
    return bool(getattr(type(action), "negotiates", False))


def refusals(hint: Action | None, actions: list[Action]) -> list[Action]:
    """The moves of ``actions`` that refuse the deal ``hint`` would make: those whose
    type has a true ``refuses`` and that answer the same offer (``pid``; none for a
    proposal, so passing and closing). None if ``hint`` refuses itself."""
    if getattr(type(hint), "refuses", False):
        return []
    pid = getattr(hint, "pid", None)
    return [a for a in actions
            if getattr(type(a), "refuses", False) and getattr(a, "pid", None) == pid]


def _count_availability(node: Node, actions: list[Action]) -> None:
    get = node.edges.get
    for action in actions:
        edge = get(action)
        if edge is not None:
            edge[AVAIL] += 1


def _race(alive: list[int], outcomes: list[list[float]], hint: int | None,
          z: float) -> list[int]:
    """The choices of ``alive`` still in the race: the hint (or, without one, the
    choice of best mean so far) and every choice not worse than it by more than ``z``
    standard errors of their round-by-round differences."""
    ref = hint if hint is not None else max(alive, key=lambda i: sum(outcomes[i]))
    keep = []
    for index in alive:
        if index == ref:
            keep.append(index)
            continue
        diffs = [a - b for a, b in zip(outcomes[index], outcomes[ref], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean + z * math.sqrt(var / n) >= 0.0:
            keep.append(index)
    return keep


def _paired_choice(choices: list[Action], outcomes: list[list[float]], hint: Action | None,
                   trust: float, compared: int | None = None) -> Action:
    """The choice of best mean reward over the paired rounds; with a prior's move
    ``hint``, that choice only if the mean of its round-by-round differences from the
    hint's rewards exceeds ``trust`` standard errors, the threshold raised (Bonferroni)
    for the number of choices compared with the hint (``compared``, all the root
    choices, those dropped from a race included; by default ``choices``), so that the
    best of many noisy means does not beat the hint by chance."""
    means = [sum(o) / len(o) if o else 0.0 for o in outcomes]
    best = max(range(len(choices)), key=lambda i: (means[i], -i))
    if hint is None or choices[best] == hint:
        return choices[best]
    base = choices.index(hint)
    rounds = len(outcomes[base])
    if rounds < 2:
        return hint
    diffs = [a - b for a, b in zip(outcomes[best], outcomes[base], strict=True)]
    mean = sum(diffs) / rounds
    var = sum((d - mean) ** 2 for d in diffs) / (rounds - 1)
    tail = (1.0 - NormalDist().cdf(trust)) / max((compared or len(choices)) - 1, 1)
    z = NormalDist().inv_cdf(1.0 - tail)
    return choices[best] if mean > z * math.sqrt(var / rounds) else hint


def _update_mast(table: dict[Hashable, list[float]], played: list[Action],
                 reward: list[float]) -> None:
    for action in played:
        entry = table.get(action)
        if entry is None:
            entry = table[action] = [0.0, 0.0]
        entry[0] += 1
        entry[1] += reward[action.seat]


def _child_key(action: Action, seat: int, seats: tuple[int, ...], after: tuple[int, ...],
               step: list[Action]) -> Hashable:
    """The key of the node after ``action`` (see the module's text); ``step`` collects
    the moves of an incomplete simultaneous step."""
    if len(seats) > 1 and after == tuple(s for s in seats if s != seat):
        step.append(action)
        return _Hidden(after)
    if step:
        step.append(action)
        key = _Step(tuple(sorted(step, key=_seat_of)))
        step.clear()
        return key
    return action


def _seat_of(action: Action) -> int:
    seat: int = action.seat
    return seat


def make(game: AnyGame | None, **params: Any) -> IsmctsBot:
    """The registry's factory: ``ismcts:iterations=400``, ``ismcts:seconds=0.5,c=1``,
    ``ismcts:seconds=0.5,prior=heuristic``, ``ismcts:seconds=0.5,playout=heuristic``
    (``prior`` and ``playout`` name a bot without parameters; the parameters are the
    fields of :class:`Settings`)."""
    if game is None:
        raise ValueError("bot ismcts searches a game: make it for one")
    return IsmctsBot(game, Settings(**params))


def _estimate(game: AnyGame, name: str) -> Estimate | None:
    """The game's estimate called ``name`` (None for "": the game's own)."""
    if not name:
        return None
    if name not in game.estimates:
        known = ", ".join(sorted(game.estimates)) or "none but its own"
        raise ValueError(f"bot ismcts: estimate={excerpt(name)[1:-1]}: {game.name} has no "
                         f"such estimate (it has {known})")
    return game.estimate_named(name)


def _named_bot(key: str, spec: str, game: AnyGame) -> AnyBot:
    """The bot that parameter ``key`` names; an error names the parameter too."""
    from bohnen.bots.registry import make_bot

    try:
        return make_bot(spec, game)
    except ValueError as error:
        raise ValueError(f"bot ismcts: {key}={spec}: {error}") from None


PARAMS = SETTINGS_PARAMS  # the registry's view of the parameters (Settings' fields)
BOT_PARAMS = frozenset({"prior", "playout"})  # parameters whose value is a bot's spec
