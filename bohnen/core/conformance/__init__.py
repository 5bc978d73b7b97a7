"""The conformance suite: random games that check every promise of the core protocol.

Any registered game must pass it through :mod:`bohnen.core.protocol` alone; nothing
here knows the rules of a particular game. A test calls :func:`check_game` (one
seeded game) or :func:`run_conformance` (a series), and gets a :class:`Report` of
what was exercised, or a :class:`ConformanceError` that names the game, the option
set, the seed and the action index where a promise was broken.

What is checked, after every action:

- ``audit()`` passes; ``is_over`` exactly when ``to_act()`` is empty; every seat in
  ``to_act()`` has a legal action or a proposal; ``must_act()`` is a part of
  ``to_act()``, empty only at the end; the applied action's notation and
  JSON form parse back to it; the game ends within ``Settings.max_actions``.

And at randomly chosen steps (``Settings.deep_rate``), in full:

- every legal action of every seat (and a sample of proposals) passes ``check``,
  none is listed twice, and seats not in ``to_act()`` have none;
- every legal move as an interface gets it (``bohnen.core.moves``): its JSON loads
  back as the action, its notation parses back, its text is a printable line of
  words; a seat's proposal terms are None exactly when it may make no proposal, and
  they hold a sample of the generator's proposals;
- illegal and malformed attempts (an action given to the wrong seat, mutated
  notation and JSON, garbage text and objects) raise ``IllegalActionError`` or
  ``InvalidActionError`` and leave ``to_json()`` unchanged, and ``check`` agrees
  with ``apply``;
- ``clone()`` equals the state and is independent of it; ``to_json()`` is
  JSON-ready and round-trips through ``state_from_json``;
- ``view`` is JSON-ready; ``determinize(seat, rng)`` keeps ``view(seat)`` and the
  spectator's view, the seat's legal actions and ``to_act()``, is deterministic in
  its ``rng``, and different ``rng`` re-deal what the seat cannot see;
- events are JSON-ready and have a text for every viewer, and a ``bool``
  ``reveals``; when none of a move's events reveals, the same move made in a
  determinization for the seat that moved shows that seat the same view after it.

Across the game: the same seed gives the same game (replayed without checks, and
the checked run continues from clones and JSON copies of its state), and the game's
record, written in notation, replays to the same result and final state.

The modules, one concern each: ``settings`` (:class:`Settings`, :class:`Report`,
``Trace``), ``context`` (where the suite is, :class:`ConformanceError`), ``driver``
(random moves, unchecked games), ``steps`` (the checks of every step), ``legal``
(the listed actions), ``moves`` (the moves and the proposal terms), ``copies``
(clones, JSON copies, same seed same game), ``views`` (views and determinization),
``reveals`` (what events say of hidden cards), ``mutations`` and ``probes`` (illegal
and malformed attempts), ``attempts`` (what must hold of one), ``deep`` (the full
check of a position), ``ending`` (the finished game), ``record`` (its record) and
``games`` (whole games and series).
"""

from bohnen.core.conformance.attempts import attempt
from bohnen.core.conformance.context import ConformanceError, Context
from bohnen.core.conformance.driver import choose, play_plain, play_random, proposal_kinds
from bohnen.core.conformance.games import check_game, run_conformance
from bohnen.core.conformance.mutations import NOTATION_NOISE
from bohnen.core.conformance.settings import Report, Settings
from bohnen.core.conformance.steps import check_applied, check_step

__all__ = [
    "NOTATION_NOISE",
    "ConformanceError",
    "Context",
    "Report",
    "Settings",
    "attempt",
    "check_applied",
    "check_game",
    "check_step",
    "choose",
    "play_plain",
    "play_random",
    "proposal_kinds",
    "run_conformance",
]
