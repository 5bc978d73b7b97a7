// A table's page: who I am here (an invitation, my kept seat token, or a spectator link),
// then the shell around the game's Board: header, seats and clocks, log, chat, result.
import { html, useEffect, useState } from './html.js';
import { fragment, hostRecord, keepSeatToken, replayLink, seatToken } from './api.js';
import { Result, seatName, useGame } from './common.js';
import { useGamePage } from './board.js';
import { Chat, GameLog } from './gamelog.js';
import { JoinForm } from './join.js';
import { Seats } from './seats.js';
import { useTable } from './socket.js';

export function TablePage({ table }) {
  const [token, setToken] = useState(() => firstToken(table));
  const invitation = fragment().get('invite');
  if (!token) {
    const joined = (t) => {
      history.replaceState(null, '', location.pathname);  // the invitation is used up
      setToken(t);
    };
    return html`<${JoinForm} table=${table} invitation=${invitation} onJoined=${joined}
      onWatch=${setToken} />`;
  }
  const forget = () => { keepSeatToken(table, null); location.replace(location.pathname); };
  const left = () => { keepSeatToken(table, null); location.assign('/'); };
  return html`<${TableScreen} table=${table} token=${token} onForget=${forget} onLeft=${left} />`;
}

/** The token to connect with: a spectator link's, else the seat kept for this table
 * (unless an invitation is to be used first). */
function firstToken(table) {
  const params = fragment();
  if (params.get('watch')) return params.get('watch');
  const kept = seatToken(table);
  if (kept && params.get('invite')) history.replaceState(null, '', location.pathname);
  return kept;
}

function TableScreen({ table, token, onForget, onLeft }) {
  const [state, sendFrame] = useTable(table, token);
  const [host, setHost] = useState(() => hostRecord(table));
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {  // the server closes the connection of a seat left: then to the lobby
    if (leaving && state.status === 'refused') onLeft();
  }, [leaving, state.status]);
  const { hello, view: frame } = state;
  const game = hello ? hello.game : null;
  const gamePage = useGamePage(game);
  const Board = gamePage ? gamePage.Board : null;
  const entry = useGame(game);
  const me = hello ? hello.seat : null;
  const seated = me !== null && me !== undefined;
  const toAct = frame ? frame.to_act || [] : [];
  useEffect(() => {
    const mine = seated && toAct.includes(me) && !state.over;
    document.title = `${mine ? '● ' : ''}${entry ? entry.title : 'bohnen'} · ${table}`;
  }, [seated, me, toAct.join(','), state.over, entry, table]);
  const send = seated && !state.over ? (notation) => sendFrame({ action: notation }) : null;
  return html`<main class="page table-page" data-status=${state.status}
    data-seq=${frame ? frame.seq : ''} data-game=${game || ''} data-seat=${seated ? me : 'spectator'}
    data-to-act=${toAct.join(',')} data-over=${state.over ? 'true' : 'false'}>
    <header class="table-header">
      <h1><a href="/" aria-label="bohnen: the lobby">bohnen</a>
        ${entry ? ` · ${entry.title}` : game ? ` · ${game}` : ''}</h1>
      <span class="table-id">table ${table}</span>
      <span class="who">${hello ? (seated ? `You: ${seatName(state.seats, me)}, seat ${me}`
    : 'Watching') : ''}</span>
      ${frame && html`<span class="step">step ${frame.seq}</span>`}
      ${state.over && html`<a href=${replayLink(table)}>Replay</a>`}
    </header>
    <${Banner} state=${state} table=${table} onForget=${onForget} />
    <div class="table-layout">
      <div class="board-column">
        ${state.error && html`<p class="error" role="alert">${state.error}</p>`}
        ${frame && frame.result && html`<${Result} result=${frame.result} seats=${state.seats} />`}
        ${Board && frame ? html`<${Board} view=${frame.view} legal=${frame.legal || []}
          seat=${seated ? me : null} send=${send} seats=${state.seats} />`
    : html`<p class="loading">Loading the table…</p>`}
      </div>
      <aside class="side-column">
        <${Seats} table=${table} seats=${state.seats} me=${seated ? me : null} toAct=${toAct}
          clock=${frame ? frame.clock : null} skew=${state.skew} banked=${banked(hello)}
          bots=${entry ? entry.bots || [] : []}
          host=${host} onHost=${setHost} send=${seated && !state.over ? sendFrame : null}
          onLeave=${() => { if (sendFrame({ leave: true })) setLeaving(true); }} />
        <${GameLog} steps=${state.log} />
        <${Chat} lines=${state.chat} seats=${state.seats}
          onSay=${seated ? (text) => sendFrame({ chat: text }) : null} />
      </aside>
    </div>
  </main>`;
}

/** Whether the table's clock keeps a bank of time for each seat (its set-up says). */
function banked(hello) {
  const clock = hello && hello.setup ? hello.setup.clock : null;
  return Boolean(clock && clock.mode === 'realtime' && clock.bank > 0);
}

function Banner({ state, table, onForget }) {
  if (state.status === 'refused') {
    return html`<div class="banner refused" role="alert">
      The server refused this page: ${state.reason}.
      <button type="button" onClick=${onForget}>Forget this seat</button>
      <a href="/">Back to the lobby</a>
      ${state.over || /no such table/.test(state.reason || '')
    ? html` · <a href=${replayLink(table)}>The replay, if the game is over</a>` : ''}</div>`;
  }
  if (state.status === 'offline') {
    return html`<div class="banner offline" role="status">Connection lost — reconnecting…</div>`;
  }
  if (state.status === 'connecting') {
    return html`<div class="banner" role="status">Connecting…</div>`;
  }
  if (!state.started && !state.over) {
    const open = state.seats.filter((s) => s.kind === 'open').map((s) => s.seat);
    return html`<div class="banner waiting" role="status">The table waits for players:
      ${open.length === 1 ? `seat ${open[0]} is` : `seats ${open.join(', ')} are`} free.</div>`;
  }
  return null;
}
