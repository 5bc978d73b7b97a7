"""The replay of a finished table, from its log: the steps (who did what, when), the
chat, and the table after any step as every seat and a spectator saw it.

Only a game that is over is replayed: then every hand may be shown, so a step gives
every seat's view side by side. Asked of a game still going on, it is refused (a
player would learn the others' hands).
"""

from __future__ import annotations

from bohnen.core.files import excerpt
from bohnen.core.protocol import AnyState, JSONObject
from bohnen.core.registry import get_game
from bohnen.server.lobby import LobbyError
from bohnen.server.logbase import Log, TableRow
from bohnen.server.table import chat_frame


def _finished(log: Log, table_id: str) -> TableRow:
    row = log.table(table_id)
    if row is None:
        raise LobbyError(f"no table {excerpt(table_id)}", 404)
    if not row.finished:
        raise LobbyError(f"table {table_id} is still being played: its replay opens when "
                         "the game is over", 409)
    return row


def record(log: Log, table_id: str) -> JSONObject:
    """The finished table's game, seats, chat and steps."""
    row = _finished(log, table_id)
    seats = [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot}
             for s in log.seats(table_id)]
    return {"table": table_id, "game": row.game, "options": row.options, "seed": row.seed,
            "seats": seats, "chat": [chat_frame(line) for line in log.chat(table_id)],
            "steps": [{"seq": a.seq, "seat": a.seat, "action": a.action, "at": a.at}
                      for a in log.actions(table_id)]}


def step(log: Log, table_id: str, seq: int) -> JSONObject:
    """The table after step ``seq`` (0: before the first) as each seat and a spectator
    saw it, and that step's events as each saw them."""
    row = _finished(log, table_id)
    actions = log.actions(table_id)
    if not 0 <= seq <= len(actions):
        raise LobbyError(f"table {table_id} has steps 0 to {len(actions)}, not {seq}", 404)
    game = get_game(row.game)
    state: AnyState = game.new_game(game.options_from_json(row.options), row.seed)
    events = []
    for logged in actions[:seq]:
        events = list(state.apply(game.parse_action(logged.action)))
    viewers: list[int | None] = [None, *range(state.options.players)]
    return {"seq": seq, "views": {_key(v): dict(state.view(v)) for v in viewers},
            "events": {_key(v): [{**e.to_json(v), "text": e.text(v)} for e in events]
                       for v in viewers},
            "result": state.result().to_json() if state.is_over else None}


def _key(viewer: int | None) -> str:
    return "spectator" if viewer is None else str(viewer)
