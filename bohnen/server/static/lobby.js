// The lobby: the tables (open, playing, finished) and the form that sets up a table.
import { html, useEffect, useState } from './html.js';
import { api, keepHostRecord, keepSeatToken, replayLink, tableLink } from './api.js';
import { CreateTable } from './create.js';
import { Invitations } from './invitations.js';

const REFRESH_MS = 5000;

export function Lobby() {
  const [created, setCreated] = useState(null);
  const onCreated = (answer) => {
    keepHostRecord(answer.table, {
      host: answer.host, spectator: answer.spectator,
      invitations: Object.fromEntries((answer.invitations || []).map((i) => [i.seat, i.token])),
    });
    if (answer.me) keepSeatToken(answer.table, answer.me.token);
    setCreated(answer);
  };
  return html`<main class="page lobby">
    <header class="page-header"><h1>bohnen</h1>
      <p>Bohnanza, Bohn Hansa and Nicht die Bohne! at one table with friends and bots.</p>
    </header>
    <div class="lobby-columns">
      <${CreateTable} onCreated=${onCreated} />
      <div>
        ${created && html`<${Created} answer=${created} />`}
        <${Tables} />
      </div>
    </div>
  </main>`;
}

function Created({ answer }) {
  return html`<section class="card created" aria-label="Table created">
    <h2>Table ${answer.table} is set up</h2>
    ${answer.me && html`<p><a class="button primary" href=${tableLink(answer.table)}>
      Go to the table (your seat: ${answer.me.seat})</a></p>`}
    <${Invitations} table=${answer.table} invitations=${answer.invitations || []}
      spectator=${answer.spectator} />
  </section>`;
}

function Tables() {
  const [tables, setTables] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    let live = true;
    const load = () => api('/api/tables').then(
      (t) => { if (live) { setTables(t); setError(null); } },
      (err) => { if (live) setError(err.message); });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => { live = false; clearInterval(timer); };
  }, []);
  return html`<section class="card tables" aria-label="Tables">
    <h2>Tables</h2>
    ${error && html`<p role="alert" class="error">${error}</p>`}
    ${!tables && !error && html`<p>Loading…</p>`}
    ${tables && html`
      <${TableList} title="Open" kind="open" rows=${tables.open || []} />
      <${TableList} title="Playing" kind="playing" rows=${tables.playing || []} />
      <${TableList} title="Finished" kind="finished" rows=${tables.finished || []} />`}
  </section>`;
}

function TableList({ title, kind, rows }) {
  return html`<div class="table-list" data-list=${kind}>
    <h3>${title} <span class="count">(${rows.length})</span></h3>
    ${rows.length === 0 ? html`<p class="empty">None.</p>` : html`<ul>
      ${rows.map((row) => html`<${TableRow} key=${row.table} row=${row} kind=${kind} />`)}
    </ul>`}
  </div>`;
}

function TableRow({ row, kind }) {
  const free = (row.seats || []).filter((s) => s.kind === 'open').length;
  const who = (row.seats || []).map((s) => (
    s.kind === 'open' ? 'open' : s.kind === 'bot' ? `${s.name || s.bot} (bot)` : s.name));
  const link = kind === 'finished'
    ? html`<a href=${replayLink(row.table)}>Replay</a>`
    : html`<a href=${tableLink(row.table)}>${free ? `Join (${free} free)` : 'Open'}</a>`;
  return html`<li data-table=${row.table}>
    <span class="game">${row.game}</span>
    <span class="table-id">${row.table}</span>
    <span class="who">${who.join(', ')}</span>
    ${kind !== 'open' && html`<span class="seq">step ${row.seq}</span>`}
    ${link}
  </li>`;
}
