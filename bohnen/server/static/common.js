// Small pieces shared by the pages: the games' catalogue, a copyable link, a stylesheet
// added once, seat names, the result of a game, clocks.
import { html, useEffect, useState } from './html.js';
import { api } from './api.js';

let catalogue = null;

/** GET /api/games, asked once per page: [{game, title, players, options, bots}]. */
export function games() {
  if (!catalogue)
    catalogue = api('/api/games').catch((err) => {
      catalogue = null;
      throw err;
    });
  return catalogue;
}

/** The catalogue entry of `game` (or null until known). */
export function useGame(game) {
  const [entry, setEntry] = useState(null);
  useEffect(() => {
    let live = true;
    games().then(
      (all) => {
        if (live) setEntry(all.find((g) => g.game === game) || null);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [game]);
  return entry;
}

const sheets = new Map();

/** Add the stylesheet at `href` to the page once; a promise kept when it is loaded (or
 * failed to load: the page then goes on without it). */
export function addStylesheet(href) {
  if (!sheets.has(href)) {
    sheets.set(
      href,
      new Promise((loaded) => {
        if ([...document.styleSheets].some((s) => s.href === href)) {
          loaded();
          return;
        }
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.dataset.href = href;
        link.addEventListener('load', () => loaded());
        link.addEventListener('error', () => loaded());
        document.head.append(link);
      }),
    );
  }
  return sheets.get(href);
}

/** A seat's name as every page writes it: the person's name, a bot's name (or its spec,
 * "heuristic bot"), "Seat 2" for a seat with no name; " (you)" after the viewer's own
 * (`me`: the viewer's seat, null for a spectator); "spectator" for no seat. */
export function seatName(seats, seat, me = null) {
  if (seat === null || seat === undefined) return 'spectator';
  const row = (seats || []).find((s) => s.seat === seat);
  let name = `Seat ${seat}`;
  if (row && row.kind === 'bot') name = row.name || `${row.bot} bot`;
  else if (row && row.name) name = row.name;
  return seat === me ? `${name} (you)` : name;
}

/** Seats by name, joined: "Ada, Bea (you)". */
export function seatNames(seats, list, me = null) {
  return list.map((s) => seatName(seats, s, me)).join(', ');
}

/** A link in a read-only field with a Copy button. */
export function CopyLink({ label, href, name }) {
  const [copied, setCopied] = useState(false);
  const copy = async (event) => {
    const field = event.target.closest('.copy-link').querySelector('input');
    field.select();
    try {
      await navigator.clipboard.writeText(href);
    } catch {
      document.execCommand('copy'); // insecure origins have no clipboard API
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return html`<div class="copy-link" data-link=${name}>
    <label>${label} <input readonly value=${href} onFocus=${(e) => e.target.select()} /></label>
    <button type="button" onClick=${copy} aria-label=${`Copy the link: ${label}`}>
      ${copied ? 'Copied' : 'Copy'}</button>
  </div>`;
}

/** Who won, in words: "The game is over: Ada wins" ("Ada and Bea share the win"). */
export function resultLine(result, seats, me = null) {
  const winners = result.winners || [];
  const who = winners.map((s) => seatName(seats, s, me));
  const said =
    who.length > 1
      ? `${who.slice(0, -1).join(', ')} and ${who[who.length - 1]} share the win`
      : who.length
        ? `${who[0]} wins`
        : 'nobody wins';
  return `The game is over: ${said}`;
}

/**
 * The end of a game, as every game's board shows it: who won and why, and each seat's
 * score in seat order (`score(n)` writes one: "12", "12 talers", "+12"); the winners'
 * rows marked.
 */
export function Result({ result, seats, me = null, score = String }) {
  if (!result) return null;
  const winners = new Set(result.winners || []);
  return html`<section class="result" aria-label="Result" data-testid="result">
    <h2>Game over</h2>
    <p class="result-line">${resultLine(result, seats, me)}${
      result.reason ? ` (${result.reason})` : ''
    }.</p>
    <table>
      <thead><tr><th scope="col">Seat</th><th scope="col">Score</th></tr></thead>
      <tbody>${(result.scores || []).map(
        (n, seat) => html`
        <tr key=${seat} class=${winners.has(seat) ? 'winner' : ''} data-seat=${seat}>
          <td>${seatName(seats, seat, me)}</td><td>${score(n)}</td>
        </tr>`,
      )}</tbody>
    </table>
  </section>`;
}

/** Time left in seconds as m:ss (h:mm:ss beyond an hour). */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The current time in seconds, updated every second while mounted. */
export function useNow() {
  const [now, setNow] = useState(Date.now() / 1000);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() / 1000), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
