"""The online table (``bohnen serve``): friends and bots at one table in the browser.

- :mod:`~bohnen.server.app` (FastAPI on uvicorn): the HTTP API
  (:mod:`~bohnen.server.api`), one WebSocket per client
  (:mod:`~bohnen.server.session`), the browser client (``static/``: Preact and htm
  ES modules, vendored).
- :mod:`~bohnen.server.lobby`: the tables, their seats, invitations and chat, with
  signed tokens (:mod:`~bohnen.server.tokens`); the games offered
  (:mod:`~bohnen.server.catalog`); the replay of a finished game
  (:mod:`~bohnen.server.replay`).
- :mod:`~bohnen.server.table`: a table with its one writer; every accepted action is
  committed to the log (:mod:`~bohnen.server.log`: SQLite; :mod:`~bohnen.server.pg`:
  PostgreSQL; the interface in :mod:`~bohnen.server.logbase`) before anyone hears of
  it, and tables are rebuilt from the log on start.
- Beside each table: its bots (:mod:`~bohnen.server.seating`, in a process pool) and
  its clock (:mod:`~bohnen.server.clock`), together :mod:`~bohnen.server.attendants`.
- Several processes on one PostgreSQL: :mod:`~bohnen.server.cluster` and
  :mod:`~bohnen.server.pg_cluster` (an owner per table, LISTEN/NOTIFY, forwarding).

docs/online.md tells the whole of it.
"""
