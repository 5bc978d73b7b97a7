"""Rich tables of the command line: a simulation summary and a final result."""

from __future__ import annotations

from rich.table import Table

from bohnen.core import Result
from bohnen.core.protocol import JSONObject


def _figure(value: object, form: str = "{}") -> str:
    return "-" if value is None else form.format(value)


def seats_table(summary: JSONObject) -> Table:
    """Per seat: the bot, mean score (talers, points), share of wins (shared wins
    split evenly) and that share's 95% interval."""
    title = (f"{summary['game']} · {summary['players']} players · "
             f"{summary['games']} games · seed {summary['seed']}")
    table = Table(title=title)
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column(f"mean {summary.get('score_name', 'score')}", justify="right")
    table.add_column("win share", justify="right")
    table.add_column("95% interval", justify="right")
    bots = summary["bots"]
    none: list[float | None] = [None] * len(bots)  # no games played: no figures
    scores = summary["mean_score"] or none
    shares = summary["win_share"] or none
    intervals = summary.get("win_interval") or none
    for seat, (bot, score, share, interval) in enumerate(
            zip(bots, scores, shares, intervals, strict=True)):
        table.add_row(str(seat), str(bot), _figure(score, "{:.3f}"), _figure(share, "{:.1%}"),
                      _interval(interval))
    return table


def _interval(interval: object) -> str:
    """An interval of shares in percent as ``bohnen tournament`` shows it; ``-`` for none."""
    if not isinstance(interval, list) or len(interval) != 2:
        return "-"
    low, high = interval
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def totals_table(summary: JSONObject) -> Table:
    """The figures over all games."""
    table = Table(show_header=False)
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("games", _figure(summary["games"]))
    table.add_row("mean turns", _figure(summary["mean_turns"]))
    table.add_row("mean actions per game", _figure(summary["mean_actions"]))
    speed = summary["games_per_second"]
    if speed is not None and 0 < speed < 1:  # slow games: the time of one reads better
        table.add_row("seconds per game", f"{1 / speed:.3g}")
    else:
        table.add_row("games per second", _figure(speed))
    return table


def result_table(result: Result, score_name: str = "score") -> Table:
    """The final table of one game: each seat's score and the winner mark."""
    table = Table()
    table.add_column("seat", justify="right")
    table.add_column(score_name, justify="right")
    table.add_column("winner")
    for seat, score in enumerate(result.scores):
        table.add_row(str(seat), str(score), "winner" if seat in result.winners else "")
    return table
