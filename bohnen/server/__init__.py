"""The online table (issue 24): tables whose every accepted action is written to a
durable log before anyone hears of it, and rebuilt from that log on start.

Built so far: the action log (:mod:`bohnen.server.log`, SQLite), the table with its
one writer (:mod:`bohnen.server.table`), and the web server (:mod:`bohnen.server.app`:
FastAPI, tables set up over HTTP, seats playing over WebSockets with signed tokens).
The ``bohnen serve`` command, the lobby and the browser client, clocks, bots at the
table, rate limits and PostgreSQL come next.
"""
