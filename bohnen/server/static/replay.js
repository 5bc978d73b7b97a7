// The replay of a finished game: step through it, the board as any seat (or a spectator)
// saw it, every hand shown, the events of the step and the chat up to it.
import { html, useEffect, useRef, useState } from './html.js';
import { api, tableLink } from './api.js';
import { seatName, useGame } from './common.js';
import { useGamePage } from './board.js';
import { Chat } from './gamelog.js';

export function ReplayPage({ table }) {
  const [replay, setReplay] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api(`/api/tables/${encodeURIComponent(table)}/replay`).then(setReplay, (e) =>
      setError(e.message),
    );
  }, [table]);
  return html`<main class="page replay-page">
    <header class="table-header"><h1><a href="/" aria-label="bohnen: the lobby">bohnen</a>${' · replay'}</h1><span class="table-id">table ${table}</span>
      <a href=${tableLink(table)}>The table</a></header>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${!replay && !error && html`<p class="loading">Loading the replay…</p>`}
    ${replay && html`<${Replay} table=${table} replay=${replay} />`}
  </main>`;
}

function Replay({ table, replay }) {
  const last = replay.steps.length ? replay.steps[replay.steps.length - 1].seq : 0;
  const [seq, setSeq] = useState(last);
  const [viewer, setViewer] = useState('all');
  const [step, setStep] = useState(null);
  const [error, setError] = useState(null);
  const entry = useGame(replay.game);
  const gamePage = useGamePage(replay.game);
  const Board = gamePage ? gamePage.Board : null;
  const allHands = gamePage ? gamePage.allHands : null;
  const seen = viewer === 'all' && !allHands ? 'spectator' : viewer;
  useEffect(() => {
    let live = true;
    fetchStep(table, seq).then(
      (s) => {
        if (live) {
          setStep(s);
          setError(null);
        }
      },
      (e) => {
        if (live) setError(e.message);
      },
    );
    return () => {
      live = false;
    };
  }, [table, seq]);
  const seats = replay.seats.map((s) => ({ ...s, connected: false }));
  const view = step ? (seen === 'all' ? allHands(step.views) : step.views[seen]) : null;
  const events = step ? step.events[seen === 'all' ? 'spectator' : seen] || [] : [];
  const chat = (replay.chat || []).filter((line) => line.seq <= seq);
  const go = (n) => setSeq(Math.max(0, Math.min(last, n)));
  const action = replay.steps.find((s) => s.seq === seq);
  return html`<div class="table-layout" data-seq=${step ? step.seq : ''} data-viewer=${seen}>
    <div class="board-column">
      <div class="replay-controls" role="group" aria-label="Steps">
        <button type="button" onClick=${() => go(0)} aria-label="First step">|◀</button>
        <button type="button" onClick=${() => go(seq - 1)} aria-label="Previous step">◀</button>
        <input type="range" min="0" max=${last} value=${seq} aria-label="Step"
          onInput=${(e) => go(Number(e.target.value))} />
        <button type="button" onClick=${() => go(seq + 1)} aria-label="Next step">▶</button>
        <button type="button" onClick=${() => go(last)} aria-label="Last step">▶|</button>
        <span class="step-count">step ${seq} of ${last}</span>
        <label>Seen by <select name="viewer" value=${seen} onChange=${(e) => setViewer(e.target.value)}>
          ${allHands && html`<option value="all">everyone (all hands)</option>`}
          <option value="spectator">a spectator</option>
          ${seats.map((s) => html`<option value=${String(s.seat)}>${seatName(seats, s.seat)}</option>`)}
        </select></label>
      </div>
      <p class="replay-action">${
        action ? `${seatName(seats, action.seat)}: ${moveWords(action)}` : 'The start.'
      }</p>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${
        Board &&
        view &&
        html`<${Board} view=${view} moves=${[]} terms=${null} seats=${seats} send=${null}
        seat=${seen === 'spectator' || seen === 'all' ? null : Number(seen)} />`
      }
    </div>
    <aside class="side-column">
      <section class="panel log-panel" aria-label="Events of the step"><h2>Step ${seq}</h2>
        <ol class="log">${events.map((e, i) => html`<li key=${i}>${e.text || e.event}</li>`)}</ol>
      </section>
      <${StepList} steps=${replay.steps} seats=${seats} seq=${seq} onPick=${go} />
      <${Chat} lines=${chat} seats=${seats} onSay=${null} />
      ${entry && html`<p class="hint">${entry.title}, ${seats.length} players.</p>`}
    </aside>
  </div>`;
}

/** A step's move in words, as the server wrote it for the seat that made it (its
 * notation only for a table whose engine this server cannot play). */
function moveWords(step) {
  return step.text || step.action;
}

const cache = new Map();

function fetchStep(table, seq) {
  const key = `${table}/${seq}`;
  if (!cache.has(key)) {
    cache.set(
      key,
      api(`/api/tables/${encodeURIComponent(table)}/replay/${seq}`).catch((err) => {
        cache.delete(key);
        throw err;
      }),
    );
  }
  return cache.get(key);
}

function StepList({ steps, seats, seq, onPick }) {
  const list = useRef(null);
  useEffect(() => {
    // the current step kept in sight
    const current = list.current && list.current.querySelector('li.current');
    if (current) current.scrollIntoView({ block: 'nearest' });
  }, [seq]);
  return html`<section class="panel steps-panel" aria-label="Moves">
    <h2>Moves</h2>
    <ol class="log steps" ref=${list}>${steps.map(
      (s) => html`<li key=${s.seq}
      class=${s.seq === seq ? 'current' : ''}>
      <button type="button" class="link" onClick=${() => onPick(s.seq)}
        aria-current=${s.seq === seq ? 'step' : undefined}>
        ${s.seq}. ${seatName(seats, s.seat)}: ${moveWords(s)}</button></li>`,
    )}
    </ol>
  </section>`;
}
