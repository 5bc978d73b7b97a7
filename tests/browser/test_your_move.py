""""Your move" means your move: the tab's title says it (●) in exactly the states the page
shows whose view frame's ``must_act`` holds the seat, here over a whole game of
Bohnanza turn by turn and in open trading (where the seats that may trade are not all
those the game waits on; the phone tests hold it over the other games too);
a sound and a browser notification when the table starts waiting on the seat, only if
the person asked for them, asked once; and the log says when a seat's clock ran out."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from .conftest import People, play_out
from .pages_play import Person
from .test_ndb_game import first_move
from .touch import YOUR_MOVE, Frames, disagreements, shown

# the browser's sound and notifications, recorded: the page believes it may notify and
# that nobody looks at it (a notification is shown only then)
RECORD_ALERTS = """
window.__notes = [];
window.__asked = 0;
const kept = (key, or) => { try { return localStorage.getItem(key) || or; } catch { return or; } };
window.Notification = class {
  static get permission() { return kept('test:permission', 'default'); }
  static requestPermission() {
    window.__asked += 1;
    const answer = kept('test:answer', 'granted');
    localStorage.setItem('test:permission', answer);
    return Promise.resolve(answer);
  }
  constructor(title, options) { window.__notes.push([title, options.body]); }
  close() {}
};
window.__tones = 0;
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.state = 'running'; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() {
    window.__tones += 1;
    return { type: '', frequency: { value: 0 }, connect: (node) => node, start() {}, stop() {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
             connect: (node) => node };
  }
};
document.hasFocus = () => false;
"""
CHIME_TONES = 2  # a chime is two notes


def _table(people: People, game: str, seats: list[dict[str, str]],
           options: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """A table of ``game`` set up through the API: its id and the people's tokens (the
    creator's, then each invitation's, taken by name)."""
    site = people.site
    made = site.api("POST", "/api/tables", {"game": game, "players": len(seats), "seed": 5,
                                            "practice": True, "name": "Ada", "seats": seats,
                                            "options": options or {}})
    table = made["table"]
    tokens = [made["me"]["token"]] + [
        site.api("POST", f"/api/tables/{table}/join",
                 {"name": name, "invitation": invitation["token"]})["token"]
        for name, invitation in zip(("Bea", "Cem"), made["invitations"], strict=False)]
    return table, tokens


def _open(people: People, table: str, token: str, init_script: str) -> Page:
    """Seat ``token``'s page at ``table``."""
    page = people.new("/", init_script)
    page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                  [f"bohnen:{table}", token])
    return page


@pytest.mark.parametrize("trading", ["turn_based", "open"])
def test_the_title_says_your_move_only_while_the_game_waits_on_the_seat(
        people: People, trading: str) -> None:
    table, tokens = _table(people, "bohnanza", [{"kind": "me"}, {"kind": "open"},
                                                {"kind": "open"}], {"trading": trading})
    pages, frames = [], []
    for seat in (0, 1):
        page = _open(people, table, tokens[seat], YOUR_MOVE)
        seen = Frames(seat)
        seen.watch(page)
        page.goto(f"/t/{table}")
        page.locator("main.table-page[data-seq='0'][data-status=open]").wait_for()
        pages.append(page)
        frames.append(seen)
    # through the seats' own sockets, each move by a seat the game waits on
    last = play_out(people.site, table, tokens, movers="must_act")
    for page, seen in zip(pages, frames, strict=True):
        page.locator(f"main[data-seq='{last}'][data-over=true]").wait_for()
        states = shown(page)
        assert disagreements(seen.views, states) == []
        assert sum(lit for _, lit in states) > 10 and sum(not lit for _, lit in states) > 10
        assert not page.title().startswith("●")


@pytest.fixture
def ndb_with_bots(people: People) -> Iterator[tuple[str, str]]:
    """A table of Nicht die Bohne!: Ada and two bots; its id and Ada's token."""
    table, tokens = _table(people, "ndb", [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"},
                                            {"kind": "bot", "bot": "heuristic"}])
    yield table, tokens[0]


def _play_until(person: Person, edges: int) -> list[tuple[int, bool]]:
    """Ada plays her first move whenever it is hers until the title has lit up ``edges``
    times after the first state shown; the states shown."""
    for _ in range(200):
        states = shown(person.page)
        if _rises(states) >= edges:
            return states
        if person.page.query_selector(".ndb-board .ndb-your-turn"):
            first_move(person, 0)
        else:
            person.page.wait_for_timeout(30)
    raise AssertionError(f"the title did not light up {edges} times: {shown(person.page)}")


def _rises(states: list[tuple[int, bool]]) -> int:
    """How often the table started waiting on the seat after the state first shown."""
    return sum(1 for before, now in itertools.pairwise(states) if now[1] and not before[1])


def test_a_sound_and_a_notification_when_the_table_starts_waiting(
        people: People, ndb_with_bots: tuple[str, str]) -> None:
    table, token = ndb_with_bots
    page = _open(people, table, token, YOUR_MOVE + RECORD_ALERTS)
    page.evaluate("""() => {  // chosen before, and the browser's leave to notify given
      localStorage.setItem('bohnen:alerts', JSON.stringify({asked: true, sound: true,
                                                            notify: true}));
      localStorage.setItem('test:permission', 'granted');
    }""")
    page.goto(f"/t/{table}")
    person = Person(page)
    page.locator("main.table-page[data-status=open]").wait_for()
    expect(page.get_by_role("region", name="Your-move alerts")).to_have_count(0)  # asked before
    states = _play_until(person, 3)
    page.wait_for_timeout(100)  # the effects of the last state shown have run
    rises = _rises(shown(page))
    notes = page.evaluate("window.__notes")
    assert rises >= 3, states
    assert page.evaluate("window.__tones") == CHIME_TONES * rises
    assert len(notes) == rises
    assert notes[0][0] == "bohnen: your move" and table in notes[0][1]


def test_nothing_sounds_until_asked_and_the_page_asks_once(
        people: People, ndb_with_bots: tuple[str, str]) -> None:
    table, token = ndb_with_bots
    page = _open(people, table, token, YOUR_MOVE + RECORD_ALERTS)
    page.goto(f"/t/{table}")
    person = Person(page)
    ask = page.get_by_role("region", name="Your-move alerts")
    expect(ask).to_be_visible()
    _play_until(person, 2)
    assert page.evaluate("[window.__tones, window.__notes.length, window.__asked]") == [0, 0, 0]

    ask.get_by_role("button", name="Sound and notification").click()
    expect(ask).to_have_count(0)
    kept = json.loads(page.evaluate("localStorage.getItem('bohnen:alerts')"))
    assert kept == {"asked": True, "sound": True, "notify": True}
    assert page.evaluate("window.__asked") == 1  # the browser asked, on the click
    page.reload()
    page.locator("main.table-page[data-status=open]").wait_for()
    expect(page.get_by_role("region", name="Your-move alerts")).to_have_count(0)
    settings = page.get_by_role("region", name="Seats").locator(".alerts-settings")
    settings.locator("summary").click()
    expect(settings.locator("input[name=alert-sound]")).to_be_checked()
    expect(settings.locator("input[name=alert-notify]")).to_be_checked()
    # turned off again, kept so
    settings.locator("input[name=alert-sound]").uncheck()
    kept = json.loads(page.evaluate("localStorage.getItem('bohnen:alerts')"))
    assert kept == {"asked": True, "sound": False, "notify": True}


def test_a_notification_the_browser_refuses_stays_off(
        people: People, ndb_with_bots: tuple[str, str]) -> None:
    table, token = ndb_with_bots
    page = _open(people, table, token, YOUR_MOVE + RECORD_ALERTS)
    page.evaluate("localStorage.setItem('test:answer', 'denied')")
    page.goto(f"/t/{table}")
    page.get_by_role("region", name="Your-move alerts").get_by_role(
        "button", name="Sound and notification").click()
    page.wait_for_function("() => localStorage.getItem('bohnen:alerts') !== null")
    kept = json.loads(page.evaluate("localStorage.getItem('bohnen:alerts')"))
    assert kept == {"asked": True, "sound": True, "notify": False}


# --- a clock that ran out, in the log --------------------------------------------------

RENDER_LOG = """async ([steps, seats]) => {
  const { html, render } = await import('/static/html.js');
  const { GameLog } = await import('/static/gamelog.js');
  render(null, document.getElementById('app'));
  render(html`<${GameLog} steps=${steps} seats=${seats} />`, document.getElementById('app'));
}"""
SEATS = [{"seat": s, "kind": "person", "name": n, "bot": None, "standin": None,
          "connected": True} for s, n in enumerate(("Ada", "Bea", "Cem"))]


def test_the_log_says_whose_clock_ran_out(people: People) -> None:
    page = people.new("/")
    steps = [
        {"type": "step", "seq": 1, "seat": 0, "events": [{"text": "Ada plants a Rote."}]},
        {"type": "step", "seq": 2, "seat": 1, "forced": True,
         "events": [{"text": "Bea plants a Soja."}, {"text": "Bea draws 3 cards."}]},
    ]
    page.evaluate(RENDER_LOG, [steps, SEATS])
    log = page.get_by_role("region", name="Game log").locator("li")
    expect(log).to_have_count(3)
    expect(log.nth(0)).to_have_text("1 Ada plants a Rote.")
    expect(log.nth(1)).to_have_text("2 Bea's clock ran out: Bea plants a Soja.")
    expect(log.nth(1)).to_have_class("forced")
    expect(log.nth(2)).to_have_text("2 Bea draws 3 cards.")


def test_a_forced_move_at_the_table_is_said_in_the_log(people: People) -> None:
    site = people.site
    made = site.api("POST", "/api/tables", {
        "game": "bohnanza", "players": 3, "name": "Ada", "seed": 9, "practice": True,
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "heuristic"}],
        "clock": {"mode": "realtime", "per_move": 1, "bank": 0}})
    page = _open(people, made["table"], made["me"]["token"], "")
    frames: list[dict[str, object]] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(json.loads(payload))))
    page.goto(f"/t/{made['table']}")
    # Ada does nothing: her clock runs out and her move is made for her
    page.wait_for_function("() => Number(document.querySelector('main')?.dataset.seq) >= 1",
                           timeout=30_000)
    first = next(f for f in frames if f["type"] == "step" and f["seq"] == 1)
    if "forced" not in first:
        pytest.skip("the server's step frames carry no `forced` mark yet (issue 35, item 2)")
    assert first["forced"]
    forced = page.get_by_role("region", name="Game log").locator("li.forced").first
    expect(forced).to_contain_text("Ada's clock ran out: ")
