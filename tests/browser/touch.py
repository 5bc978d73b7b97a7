"""Phones and tablets in the browser tests: the devices (Playwright's context options: a
touch screen, a mobile viewport, a device scale), and what a test checks of a page on
them: nothing wider than the screen, every control a touch target of at least
``TOUCH`` pixels, and the element of a move brought into view by the page's own
scrolling (the window's, not a box of the page scrolled sideways) before it is tapped.

Also the record of the signal "your move" (``YOUR_MOVE``): every state the page shows,
as its step and whether the tab's title says the table waits on the seat, to hold
against the view frames the seat received (their ``must_act``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import ElementHandle, Locator, Page, WebSocket

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 3}
TABLET: dict[str, Any] = {"viewport": {"width": 768, "height": 1024}, "is_mobile": True,
                          "has_touch": True, "device_scale_factor": 2}
DEVICES = {"phone": PHONE, "tablet": TABLET}
TOUCH = 44  # px: the least height (and width, for a button) of a touch target

# Once the page's animations are over (a card turning up), the window scrolled (up or
# down only) so that the element's middle is in the middle of the screen; then where the
# element is, what lies at its middle, and the window's size.
PLACE = """async (el) => {
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  if (!el.isConnected) return null;
  const first = el.getBoundingClientRect();
  window.scrollBy(0, first.top + first.height / 2 - window.innerHeight / 2);
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
          height: r.height, inner: window.innerWidth, high: window.innerHeight,
          hit: hit !== null && (hit === el || el.contains(hit))};
}"""

# The page's width: what it would scroll to sideways, and the window's
WIDTHS = """() => ({scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth,
                    client: document.documentElement.clientWidth})"""

# Every control shown (once the animations are over) that is smaller than a touch target:
# buttons (high and wide), selects, text fields, disclosure summaries, the labels of check
# boxes and radio buttons. The cities of Bohn Hansa's map (SVG) are left out: each is also a button.
CONTROLS = ("button, a.button, select, summary, "
            "input:not([type=checkbox]):not([type=radio]):not([type=hidden])")
SMALL = """async ([least, controls]) => {
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const small = [];
  const say = (el, r) => {
    const what = (el.dataset.action || el.textContent || el.name || '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()} "${what}" ${Math.round(r.width)}x${Math.round(r.height)}`;
  };
  for (const el of document.querySelectorAll(controls)) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    const wide = el.matches('button, a.button') ? r.width >= least - 0.5 : true;
    if (r.height < least - 0.5 || !wide) small.push(say(el, r));
  }
  for (const box of document.querySelectorAll('input[type=checkbox], input[type=radio]')) {
    const label = box.closest('label');
    if (!label || !shown(label)) continue;
    const r = label.getBoundingClientRect();
    if (r.height < least - 0.5) small.push(say(label, r));
  }
  return small;
}"""


def new_page(browser: Any, base_url: str, device: dict[str, Any], errors: list[str],
             init_script: str | None = None, timeout_ms: int = 15_000) -> Page:
    """A page in a new context of ``device`` (its own localStorage, as a phone of its
    own); a script error, or anything its Content-Security-Policy refuses, is put in
    ``errors``."""
    context = browser.new_context(**device, base_url=base_url)
    context.set_default_timeout(timeout_ms)
    if init_script is not None:
        context.add_init_script(init_script)
    page: Page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))
    page.on("console", lambda message: errors.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text else None)
    return page


def assert_fits(page: Page) -> None:
    """Nothing on the page is wider than the screen: it does not scroll sideways."""
    widths = page.evaluate(WIDTHS)
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert widths["inner"] == width, f"the page was zoomed out to fit: {widths}"
    assert widths["scroll"] <= widths["inner"], f"the page is wider than the screen: {widths}"


def assert_touchable(page: Page) -> None:
    """Every control shown is at least a touch target."""
    small = page.evaluate(SMALL, [TOUCH, CONTROLS])
    assert small == [], f"controls smaller than {TOUCH} px: {small}"


class Gone(Exception):
    """The element left the page while it was being brought on the screen (another
    seat's move came first: the offer it answered was withdrawn)."""


def place(target: Locator | ElementHandle, touch: bool = True) -> dict[str, Any]:
    """Scroll the window so that ``target`` is in the middle of the screen, and check it
    is then wholly on the screen and not covered (and, with ``touch``, a touch target);
    :class:`Gone` if it left the page meanwhile."""
    at: dict[str, Any] | None = target.evaluate(PLACE)
    if at is None:
        raise Gone(str(target))
    inside = (at["left"] >= 0 and at["right"] <= at["inner"] and at["top"] >= 0
              and at["bottom"] <= at["high"])
    assert inside, f"the element is not on the screen: {at}"
    assert at["hit"], f"the element is covered: {at}"
    if touch:
        assert at["height"] >= TOUCH - 0.5 and at["width"] >= TOUCH - 0.5, \
            f"the element is smaller than a touch target: {at}"
    return at


def tap(target: Locator) -> None:
    """Tap ``target`` once the page's own scrolling brought it on the screen."""
    target.wait_for()
    place(target)
    target.tap()


# every state the page shows: its step, and whether the tab's title says "your move"
YOUR_MOVE = """
window.__shown = [];
new MutationObserver(() => {
  const main = document.querySelector('main.table-page');
  if (!main || main.dataset.seq === '') return;
  const state = [Number(main.dataset.seq), document.title.startsWith('\\u25cf ')];
  const last = window.__shown[window.__shown.length - 1];
  if (!last || last[0] !== state[0] || last[1] !== state[1]) window.__shown.push(state);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true,
                      attributeFilter: ['data-seq']});
"""


@dataclass
class Frames:
    """The view frames one seat's page received, in order: (step, whether ``must_act``
    holds the seat); and how many of them had the seat in ``to_act`` (it may act) but
    not in ``must_act`` (the game does not wait on it)."""

    seat: int
    views: list[tuple[int, bool]] = field(default_factory=list)
    only_may: int = 0

    def watch(self, page: Page) -> None:
        page.on("websocket", lambda ws: self._socket(ws))

    def _socket(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        frame = json.loads(payload)
        if frame.get("type") == "view":
            waits = self.seat in (frame.get("must_act") or []) and frame.get("result") is None
            self.views.append((int(frame["seq"]), waits))
            self.only_may += not waits and self.seat in (frame.get("to_act") or [])


def shown(page: Page) -> list[tuple[int, bool]]:
    """The states the page showed (``YOUR_MOVE``), in order."""
    return [(int(seq), bool(lit)) for seq, lit in page.evaluate("window.__shown")]


def disagreements(frames: list[tuple[int, bool]], states: list[tuple[int, bool]]) -> list[str]:
    """Where the page's title said otherwise than the frame it showed: each state shown
    must be one of the frames received, in their order (a page shows its last frame, so
    what it shows is a subsequence of what it received)."""
    problems = []
    at = 0
    for state in states:
        found = next((i for i in range(at, len(frames)) if frames[i] == state), None)
        if found is None:
            waits = [w for s, w in frames[at:] if s == state[0]]
            problems.append(f"step {state[0]}: the title says {'' if state[1] else 'not '}"
                            f"your move, the frames of that step {waits}")
        else:
            at = found
    return problems
