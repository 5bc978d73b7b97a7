"""The seat effect in Bohnanza: what each seat wins, and how many turns it had.

Run: ``python bench/seat_effect.py [--bots heuristic] [--games 100] [--seed 1]
[--players 4] [--workers 1] [--option key=value ...]``. Game ``i`` is game ``i`` of
``bohnen simulate bohnanza --bots B --games N --seed S`` (the seed ``derive(S, i)``, the
bot of ``--bots`` in every seat), so the win shares are the ones simulate prints. Each
game's record is replayed to count its trades and read the hands at the end.

The game ends when the draw pile runs out the third time, in whoever's turn that is
(rules: "si la pioche est épuisée pour la troisième fois…"), so the seats before that
turn in the round have had one turn more than those after it. Turn ``t`` (from 1) is
seat ``(t - 1) mod players``'s, so a game's number of turns gives each seat's.

It prints six tables (intervals at 95%: Wilson's for win shares, the normal one for
means):

- by seat: win share, mean talers, mean turns, talers per own turn, trades (accepted
  proposals, gifts included, that the seat took part in) and how often the seat had
  as many turns as anyone at its table;
- by turns had: the seat-games in which the seat had the most turns of its game, and
  those in which it had one fewer;
- by seat again, over the games whose last round was complete (every seat had as many
  turns): what is left of the seat effect once the turns are equal;
- by the seat in whose turn the game ended: each seat's turns, win share and talers;
- pairs of seats: the earlier seat's lead over a later one in talers and win share,
  over the pairs with as many turns (what the order of play is worth by itself) and
  over those where the earlier seat had a turn more;
- ties: the games with a shared win, which seats shared it, and whom the other rule of
  ties (``tie_break=most_cards_in_hand``: of the tied, most cards in hand) would crown.

The docs quote the figures (docs/bots.md, "The seat effect").
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass

from bohnen.bohnanza.events import Traded
from bohnen.bohnanza.game import GAME
from bohnen.bohnanza.options import BohnanzaOptions
from bohnen.cli.game_options import build_options
from bohnen.cli.seats import make_bots, seat_specs
from bohnen.core.english import counted
from bohnen.sim.ratings import Z95, wilson_interval
from bohnen.sim.runner import Played
from bohnen.sim.series import simulate_parallel


@dataclass(frozen=True, slots=True)
class SeatGame:
    """One game as the seat tables need it, seat by seat."""

    scores: tuple[int, ...]  # talers at the end
    winners: tuple[int, ...]
    turns: tuple[int, ...]  # turns each seat had
    trades: tuple[int, ...]  # accepted proposals (gifts too) the seat took part in
    hands: tuple[int, ...]  # cards in hand at the end


@dataclass(frozen=True, slots=True)
class Mean:
    """A mean with its 95% interval (nan bounds for fewer than two values)."""

    value: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a table: ``count`` seat-games and their figures."""

    label: str
    count: int
    wins: float  # shared wins split
    talers: Mean
    turns: float
    per_turn: Mean  # talers per own turn
    trades: float
    most_turns: float  # share of the seat-games with as many turns as anyone

    @property
    def win_share(self) -> float:
        return self.wins / self.count if self.count else math.nan


def seat_turns(turns: int, players: int) -> tuple[int, ...]:
    """Turns each seat had in a game of ``turns`` turns: turn ``t`` (from 1) is seat
    ``(t - 1) mod players``'s."""
    return tuple((turns - seat + players - 1) // players for seat in range(players))


def share(game: SeatGame, seat: int) -> float:
    """The seat's share of the win (a shared win split evenly)."""
    return 1 / len(game.winners) if seat in game.winners else 0.0


def mean(values: Sequence[float]) -> Mean:
    """The mean and its normal 95% interval (the sample's standard deviation)."""
    n = len(values)
    if n == 0:
        return Mean(math.nan, math.nan, math.nan)
    centre = sum(values) / n
    if n < 2:
        return Mean(centre, math.nan, math.nan)
    half = Z95 * math.sqrt(sum((v - centre) ** 2 for v in values) / (n - 1) / n)
    return Mean(centre, centre - half, centre + half)


def row(label: str, cells: Sequence[tuple[SeatGame, int]]) -> Row:
    """The figures of these seat-games (a game and a seat of it)."""
    n = len(cells)
    return Row(
        label, n, sum(share(g, s) for g, s in cells),
        mean([g.scores[s] for g, s in cells]),
        sum(g.turns[s] for g, s in cells) / n if n else math.nan,
        mean([g.scores[s] / g.turns[s] for g, s in cells]),
        sum(g.trades[s] for g, s in cells) / n if n else math.nan,
        sum(g.turns[s] == max(g.turns) for g, s in cells) / n if n else math.nan)


def seat_rows(games: Sequence[SeatGame], players: int) -> list[Row]:
    """One row per seat."""
    return [row(f"seat {seat}", [(g, seat) for g in games]) for seat in range(players)]


def turn_rows(games: Sequence[SeatGame]) -> list[Row]:
    """The seat-games with the most turns of their game, and those with one fewer."""
    cells = [(g, s) for g in games for s in range(len(g.turns))]
    return [row("most turns", [(g, s) for g, s in cells if g.turns[s] == max(g.turns)]),
            row("one fewer", [(g, s) for g, s in cells if g.turns[s] < max(g.turns)])]


def complete_rounds(games: Sequence[SeatGame]) -> list[SeatGame]:
    """The games in which every seat had as many turns."""
    return [g for g in games if min(g.turns) == max(g.turns)]


def pair_gaps(games: Sequence[SeatGame], equal: bool) -> tuple[Mean, Mean]:
    """Each pair of seats of a game, the earlier seat against the later: its lead in
    talers and in win share, averaged over the game's pairs with equal turns
    (``equal``), or with a turn more for the earlier seat, then over the games that have
    such a pair. With equal turns it is what the order of play is worth by itself."""
    talers: list[float] = []
    wins: list[float] = []
    for g in games:
        pairs = [(a, b) for b in range(len(g.turns)) for a in range(b)
                 if (g.turns[a] == g.turns[b]) == equal]
        if pairs:
            talers.append(sum(g.scores[a] - g.scores[b] for a, b in pairs) / len(pairs))
            wins.append(sum(share(g, a) - share(g, b) for a, b in pairs) / len(pairs))
    return mean(talers), mean(wins)


def ending_seat(game: SeatGame) -> int:
    """The seat in whose turn the game ended: the last of those with the most turns."""
    return max(s for s, t in enumerate(game.turns) if t == max(game.turns))


def by_ending(games: Sequence[SeatGame], players: int) -> list[list[SeatGame]]:
    """The games, grouped by the seat in whose turn they ended."""
    groups: list[list[SeatGame]] = [[] for _ in range(players)]
    for g in games:
        groups[ending_seat(g)].append(g)
    return groups


def by_most_cards(game: SeatGame) -> tuple[int, ...]:
    """The winners under ``tie_break=most_cards_in_hand``: of those tied for most talers,
    those with most cards in hand."""
    most = max(game.hands[s] for s in game.winners)
    return tuple(s for s in game.winners if game.hands[s] == most)


@dataclass(frozen=True, slots=True)
class Ties:
    """The games with a shared win: per seat, the wins shared (split) and the wins the
    ``most_cards_in_hand`` rule would give it in the same games (split where still tied)."""

    games: int
    shared: tuple[float, ...]
    most_cards: tuple[float, ...]


def ties(games: Sequence[SeatGame], players: int) -> Ties:
    tied = [g for g in games if len(g.winners) > 1]
    shared = [0.0] * players
    most = [0.0] * players
    for g in tied:
        for s in g.winners:
            shared[s] += 1 / len(g.winners)
        kept = by_most_cards(g)
        for s in kept:
            most[s] += 1 / len(kept)
    return Ties(len(tied), tuple(shared), tuple(most))


# --- playing and replaying ---------------------------------------------------------------


def seat_game(options: BohnanzaOptions, played: Played) -> SeatGame:
    """The figures of one played game, from its record replayed."""
    record = played.record
    if record is None:
        raise ValueError("the game was played without its record")
    state = GAME.new_game(options, played.seed)
    trades = [0] * options.players
    for text in record.actions:
        for event in state.apply(GAME.parse_action(text)):
            if isinstance(event, Traded):
                trades[event.seat] += 1
                trades[event.to] += 1
    return SeatGame(played.result.scores, played.result.winners,
                    seat_turns(played.turns, options.players), tuple(trades),
                    tuple(len(hand) for hand in state.hands))


def play(options: BohnanzaOptions, seed: int, games: int, bots: str,
         workers: int) -> list[SeatGame]:
    """The games of ``bohnen simulate bohnanza --bots BOTS --games GAMES --seed SEED``."""
    played: list[Played] = []
    simulate_parallel(GAME, options, seed, games, seat_specs(bots, options.players),
                      workers, on_game=played.append, record=True)
    return [seat_game(options, p) for p in played]


# --- the tables ---------------------------------------------------------------------------


def _interval(m: Mean, digits: int) -> str:
    return f"{m.value:.{digits}f} [{m.low:.{digits}f}, {m.high:.{digits}f}]"


def line(r: Row) -> str:
    """A row as text."""
    low, high = wilson_interval(r.wins, r.count)
    return (f"{r.label:<11} {r.count:>5}  {r.win_share:6.1%} [{low:5.1%}, {high:5.1%}]  "
            f"{_interval(r.talers, 2):<21} {r.turns:5.2f}  {_interval(r.per_turn, 2):<18} "
            f"{r.trades:6.2f}  {r.most_turns:6.1%}")


HEADER = (f"{'':<11} {'n':>5}  {'win share [95%]':<23}  {'talers [95%]':<21} {'turns':>5}  "
          f"{'talers/turn [95%]':<18} {'trades':>6}  {'most turns':>6}")


def table(title: str, rows: Sequence[Row]) -> str:
    return "\n".join([title, HEADER, *(line(r) for r in rows)])


def tie_text(t: Ties) -> str:
    def seats(values: tuple[float, ...]) -> str:
        return ", ".join(f"seat {s} {v:.1f}" for s, v in enumerate(values))
    return (f"Ties: {counted(t.games, 'game')} with a shared win. Wins shared (split): "
            f"{seats(t.shared)}.\nThe same games under tie_break=most_cards_in_hand: "
            f"{seats(t.most_cards)}.")


def ending_text(games: Sequence[SeatGame], players: int) -> str:
    """Per seat whose turn ended the game: the turns, win shares and talers of each seat."""
    lines = ["By the seat in whose turn the game ended (win share / mean talers of each seat)"]
    for seat, group in enumerate(by_ending(games, players)):
        if not group:
            lines.append(f"seat {seat}: no game")
            continue
        rows = seat_rows(group, players)
        turns = "/".join(f"{r.turns:.1f}" for r in rows)
        cells = "  ".join(f"{r.win_share:6.1%} / {r.talers.value:5.2f}" for r in rows)
        lines.append(f"seat {seat}: {counted(len(group), 'game'):>9}, turns {turns}  {cells}")
    return "\n".join(lines)


def pairs_text(games: Sequence[SeatGame]) -> str:
    """The earlier seat's lead over a later one, with equal turns and with one more."""
    lines = ["Pairs of seats in a game, the earlier seat's lead over the later (per game)"]
    for equal, label in ((True, "as many turns"), (False, "a turn more")):
        talers, wins = pair_gaps(games, equal)
        lines.append(f"{label:<14} talers {talers.value:+.2f} [{talers.low:+.2f}, "
                     f"{talers.high:+.2f}]  win share {wins.value:+.1%} [{wins.low:+.1%}, "
                     f"{wins.high:+.1%}]")
    return "\n".join(lines)


def report(games: Sequence[SeatGame], players: int) -> str:
    complete = complete_rounds(games)
    return "\n\n".join([
        table("By seat (n: games)", seat_rows(games, players)),
        table("By turns had (n: seat-games)", turn_rows(games)),
        table(f"Games with a complete last round, every seat as many turns "
              f"({len(complete)} of {len(games)})", seat_rows(complete, players)),
        ending_text(games, players),
        pairs_text(games),
        tie_text(ties(games, players)),
    ])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", default="heuristic", help="one bot spec for every seat")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--option", "-o", action="append", default=[],
                        help="a game option as key=value (repeatable)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    try:
        options = build_options(GAME, args.players, args.option)
        make_bots(args.bots, args.players, GAME)  # refuses an unknown bot
    except ValueError as error:
        parser.error(str(error))
    assert isinstance(options, BohnanzaOptions)
    games = play(options, args.seed, args.games, args.bots, args.workers)
    print(f"Bohnanza, {args.players} players, bots {args.bots}, {args.games} games, "
          f"seed {args.seed}\n")
    print(report(games, args.players))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
