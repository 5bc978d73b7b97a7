"""Reconnecting: a page whose connection drops (its socket closed while the browser is
offline) says so, comes back by itself when the browser is online again, gets what it
missed (steps and chat) and shows the same screen as a page loaded afresh; a reload
keeps the seat."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, WebSocket, expect

from .conftest import People, at_step, join, set_up

# every WebSocket the page opens, kept where the test can close it
KEEP_SOCKETS = """
window.__sockets = [];
window.WebSocket = class extends window.WebSocket {
  constructor(...args) { super(...args); window.__sockets.push(this); }
};
"""


def _screen(page: Page) -> dict[str, object]:
    """What the person sees of the table: the board, the log and the chat, as text."""
    return {
        "board": page.get_by_role("region", name="Bohnanza table").inner_text(),
        "log": page.get_by_role("region", name="Game log").inner_text(),
        "chat": page.get_by_role("region", name="Chat").locator("ol").inner_text(),
        "seq": page.locator("main").get_attribute("data-seq"),
    }


def test_a_dropped_connection_comes_back_with_what_it_missed(people: People) -> None:
    new = set_up(people, "Ada", ["me", "open", "open"], trading="open")
    bea = join(people, new.invitations[1], "Bea", init_script=KEEP_SOCKETS)
    cem = join(people, new.invitations[2], "Cem")
    ada = new.host
    ada.locator("[data-action='0: plant 0']").click()
    at_step(bea, 1)
    sockets: list[tuple[list[Any], list[Any]]] = []  # each new socket: frames sent, received

    def watch(ws: WebSocket) -> None:
        sent: list[Any] = []
        received: list[Any] = []
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: received.append(json.loads(payload)))
        sockets.append((sent, received))

    bea.on("websocket", watch)

    # Bea's socket drops while her browser is offline: the page says so
    bea.context.set_offline(True)
    bea.evaluate("window.__sockets.forEach(s => s.close())")
    expect(bea.get_by_role("status").filter(has_text="reconnecting")).to_be_visible()
    # meanwhile the game goes on and Cem speaks
    ada.locator("[data-action='0: end-planting']").click()
    at_step(cem, 2)
    cem.get_by_label("Chat message").fill("Soja, anyone?")
    cem.get_by_role("button", name="Send").click()
    expect(ada.get_by_role("region", name="Chat")).to_contain_text("Soja, anyone?")
    expect(bea.locator("main")).to_have_attribute("data-seq", "1")

    bea.context.set_offline(False)  # online again: the page comes back at once
    at_step(bea, 2)
    expect(bea.get_by_role("region", name="Chat")).to_contain_text("Soja, anyone?")
    expect(bea.locator("main")).to_have_attribute("data-status", "open")
    expect(bea.get_by_role("status").filter(has_text="reconnecting")).to_have_count(0)
    back = _screen(bea)
    # it asked only for what it missed, and got only that
    sent, received = [s for s in sockets if s[0]][-1]  # the one that got through
    assert sent[0]["after"] == 1 and sent[0]["chat_after"] == 0, sent[0]
    assert [f["seq"] for f in received if f["type"] == "step"] == [2]
    assert [f["text"] for f in received if f["type"] == "chat"] == ["Soja, anyone?"]

    # the same screen as the page loaded afresh (the seat kept in localStorage)
    bea.reload()
    at_step(bea, 2)
    expect(bea.get_by_role("region", name="Chat")).to_contain_text("Soja, anyone?")
    assert _screen(bea) == back
    expect(bea.locator("main")).to_have_attribute("data-seat", "1")
