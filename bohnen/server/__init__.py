"""The online table (issue 24): tables whose every accepted action is written to a
durable log before anyone hears of it, and rebuilt from that log on start.

Built so far: the action log (:mod:`bohnen.server.log`, SQLite) and the table with its
one writer (:mod:`bohnen.server.table`). The web server, the browser client, seats'
tokens, clocks and bots at the table come next.
"""
