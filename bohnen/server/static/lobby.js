// The lobby: the tables (open, playing, finished) and the form that sets up a table.
import { html, useEffect, useRef, useState } from './html.js';
import { api, keepHostRecord, keepSeatToken, replayLink, tableLink, tablesPath } from './api.js';
import { CreateTable } from './create.js';
import { Invitations } from './invitations.js';

const REFRESH_MS = 5000;

export function Lobby() {
  const [created, setCreated] = useState(null);
  const onCreated = (answer) => {
    keepHostRecord(answer.table, {
      host: answer.host,
      spectator: answer.spectator,
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

/** The table just set up: the way to it and the links to give out, brought into view
 * (on a phone the form above it fills the screen) with the way to the table focused. */
function Created({ answer }) {
  const card = useRef(null);
  useEffect(() => {
    const box = card.current;
    if (!box) return;
    const shown = box.getBoundingClientRect();
    if (shown.top < 0 || shown.bottom > window.innerHeight) box.scrollIntoView({ block: 'start' });
    const go = box.querySelector('a.button');
    (go || box.querySelector('h2')).focus({ preventScroll: true });
  }, [answer.table]);
  return html`<section class="card created" aria-label="Table created" ref=${card}>
    <h2 tabindex="-1">Table ${answer.table} is set up</h2>
    ${
      answer.me &&
      html`<p><a class="button primary" href=${tableLink(answer.table)}>
      Go to the table (your seat: ${answer.me.seat})</a></p>`
    }
    <${Invitations} table=${answer.table} invitations=${answer.invitations || []}
      reserved=${answer.reserved || []} spectator=${answer.spectator} />
  </section>`;
}

const LISTS = [
  ['open', 'Open'],
  ['playing', 'Playing'],
  ['finished', 'Finished'],
];

// The server answers a page of each list and a cursor for the next one (null: no more);
// "More" appends the next page of a list, kept across the refreshes of the first pages.
function Tables() {
  const [tables, setTables] = useState(null);
  const [more, setMore] = useState({}); // per list: {rows, next} of the pages added
  const [error, setError] = useState(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      api(tablesPath()).then(
        (t) => {
          if (live) {
            setTables(t);
            setError(null);
          }
        },
        (err) => {
          if (live) setError(err.message);
        },
      );
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  const loadMore = (kind, after) =>
    api(tablesPath(kind, after)).then(
      (page) =>
        setMore((old) => {
          const rows = (old[kind] || {}).rows || [];
          const known = new Set(rows.map((row) => row.table));
          const added = (page[kind] || []).filter((row) => !known.has(row.table));
          return { ...old, [kind]: { rows: [...rows, ...added], next: page.next[kind] ?? null } };
        }),
      (err) => setError(err.message),
    );
  return html`<section class="card tables" aria-label="Tables">
    <h2>Tables</h2>
    ${error && html`<p role="alert" class="error">${error}</p>`}
    ${!tables && !error && html`<p>Loading…</p>`}
    ${
      tables &&
      LISTS.map(([kind, title]) => {
        const first = tables[kind] || [];
        const added = more[kind];
        const ids = new Set(first.map((row) => row.table));
        const rows = [...first, ...(added ? added.rows.filter((row) => !ids.has(row.table)) : [])];
        const next = added ? added.next : ((tables.next || {})[kind] ?? null);
        return html`<${TableList} key=${kind} title=${title} kind=${kind} rows=${rows}
        next=${next} onMore=${() => loadMore(kind, next)} />`;
      })
    }
  </section>`;
}

function TableList({ title, kind, rows, next, onMore }) {
  return html`<div class="table-list" data-list=${kind}>
    <h3>${title} <span class="count">(${rows.length}${next ? '+' : ''})</span></h3>
    ${
      rows.length === 0
        ? html`<p class="empty">None.</p>`
        : html`<ul>
      ${rows.map((row) => html`<${TableRow} key=${row.table} row=${row} kind=${kind} />`)}
    </ul>`
    }
    ${next && html`<button type="button" class="button more" onClick=${onMore}>More</button>`}
  </div>`;
}

function TableRow({ row, kind }) {
  // a seat kept for an invited friend is not free to anybody else
  const free = (row.seats || []).filter((s) => s.kind === 'open' && !s.reserved).length;
  const who = (row.seats || []).map((s) =>
    s.kind === 'open'
      ? s.reserved
        ? 'kept for a friend'
        : 'open'
      : s.kind === 'bot'
        ? `${s.name || s.bot} (bot)`
        : s.name,
  );
  const link =
    kind !== 'finished'
      ? html`<a href=${tableLink(row.table)}>${free ? `Join (${free} free)` : 'Open'}</a>`
      : row.expired
        ? html`<span class="expired">expired</span>`
        : html`<a href=${replayLink(row.table)}>Replay</a>`;
  return html`<li data-table=${row.table}>
    <span class="game">${row.game}</span>
    <span class="table-id">${row.table}</span>
    <span class="who">${who.join(', ')}</span>
    ${
      kind !== 'open' &&
      typeof row.seq === 'number' &&
      html`<span class="seq">step ${row.seq}</span>`
    }
    ${link}
  </li>`;
}
