"""The bare WebSocket echo that ``bench/load.py`` measures the online table against.

Run by ``bench/load.py`` as its own process: ``python bench/load_echo.py --port P``.
One route, ``/ws/{room}``: every text frame a client sends is sent, as it came, to
every client of the room (the sender too). No parsing, no game, no log, no queue: what
is left of a move's round trip is the WebSocket stack (Starlette on uvicorn, with the
same uvicorn settings as ``bohnen serve``) and the clients themselves. Listens on the
loopback only.
"""

from __future__ import annotations

import argparse
import contextlib

import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from bohnen.server.connections import WS_MAX_BYTES

ECHO_MAX_BYTES = 4 * WS_MAX_BYTES  # the echo's clients send frames of a view's size


def echo_app() -> Starlette:
    rooms: dict[str, set[WebSocket]] = {}

    async def relay(socket: WebSocket) -> None:
        room = rooms.setdefault(str(socket.path_params["room"]), set())
        await socket.accept()
        room.add(socket)
        try:
            while True:
                text = await socket.receive_text()
                for member in list(room):
                    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                        await member.send_text(text)
        except WebSocketDisconnect:
            pass
        finally:
            room.discard(socket)

    return Starlette(routes=[WebSocketRoute("/ws/{room}", relay)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    uvicorn.run(echo_app(), host="127.0.0.1", port=args.port, log_level="warning",
                ws_max_size=ECHO_MAX_BYTES)


if __name__ == "__main__":
    main()
