// Small pieces shared by the pages: the games' catalogue, a copyable link, a stylesheet
// added once, seat names, the result of a game.
import { html, useEffect, useState } from './html.js';
import { api } from './api.js';

let catalogue = null;

/** GET /api/games, asked once per page: [{game, title, players, options, bots}]. */
export function games() {
  if (!catalogue) catalogue = api('/api/games').catch((err) => { catalogue = null; throw err; });
  return catalogue;
}

/** The catalogue entry of `game` (or null until known). */
export function useGame(game) {
  const [entry, setEntry] = useState(null);
  useEffect(() => {
    let live = true;
    games().then((all) => { if (live) setEntry(all.find((g) => g.game === game) || null); },
      () => {});
    return () => { live = false; };
  }, [game]);
  return entry;
}

/** Add the stylesheet at `href` to the page once. */
export function addStylesheet(href) {
  if ([...document.styleSheets].some((s) => s.href === href)) return;
  if (document.querySelector(`link[data-href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.href = href;
  document.head.append(link);
}

/** A seat's name as the table shows it. */
export function seatName(seats, seat) {
  if (seat === null || seat === undefined) return 'spectator';
  const row = (seats || []).find((s) => s.seat === seat);
  if (!row) return `Seat ${seat}`;
  if (row.kind === 'open') return `Seat ${seat} (open)`;
  if (row.kind === 'bot') return row.name || `${row.bot} bot`;
  return row.name || `Seat ${seat}`;
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
      document.execCommand('copy');  // insecure origins have no clipboard API
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

/** The end of a game: each seat's score, the winners, why it ended. */
export function Result({ result, seats }) {
  if (!result) return null;
  const scores = result.scores || [];
  const winners = new Set(result.winners || []);
  return html`<section class="result" aria-label="Result">
    <h2>Game over</h2>
    <p>${[...winners].map((s) => seatName(seats, s)).join(' and ') || 'Nobody'}
      ${winners.size > 1 ? ' win' : ' wins'}${result.reason ? ` — ${result.reason}` : ''}</p>
    <table>
      <thead><tr><th scope="col">Seat</th><th scope="col">Score</th></tr></thead>
      <tbody>${scores.map((score, seat) => html`
        <tr class=${winners.has(seat) ? 'winner' : ''}>
          <td>${seatName(seats, seat)}</td><td>${score}</td></tr>`)}</tbody>
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
