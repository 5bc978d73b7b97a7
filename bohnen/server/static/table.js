// A table's page: who I am here (an invitation, my kept seat token, or a spectator link),
// then the shell around the game's Board: header, seats and clocks, log, chat; the
// signal of my move. On a wide screen the board and, beside it, the seats, log and chat;
// on a narrow one (a phone, a tablet upright) the board first, and below it the seats,
// the log and the chat behind tabs. Above the board, the Undo button: enabled while the
// server says my last move may be taken back (the view frame's `undo`).
import { html, useEffect, useState } from './html.js';
import { fragment, hostRecord, keepSeatToken, replayLink, seatToken } from './api.js';
import {
  AlertsAsk,
  AlertsSettings,
  loadAlerts,
  saveAlerts,
  useYourMove,
  waitsOn,
} from './alerts.js';
import { seatName, useGame } from './common.js';
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
      history.replaceState(null, '', location.pathname); // the invitation is used up
      setToken(t);
    };
    return html`<${JoinForm} table=${table} invitation=${invitation} onJoined=${joined}
      onWatch=${setToken} />`;
  }
  const forget = () => {
    keepSeatToken(table, null);
    location.replace(location.pathname);
  };
  const left = () => {
    keepSeatToken(table, null);
    location.assign('/');
  };
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
  const [alerts, setAlerts] = useState(loadAlerts);
  useEffect(() => {
    // the server closes the connection of a seat left: then to the lobby
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
  const mustAct = frame ? frame.must_act || [] : [];
  const title = `${entry ? entry.title : 'bohnen'} · ${table}`;
  useYourMove({
    waiting: waitsOn(frame, seated ? me : null, state.over),
    ready: Boolean(frame),
    title,
    settings: alerts,
    body: `The table waits on you: ${title}`,
    tag: `bohnen:${table}`,
  });
  const changeAlerts = (next) => {
    saveAlerts(next);
    setAlerts(next);
  };
  // a move goes out as the engine's JSON (a legal move's `action`, or a proposal composed)
  const send = seated && !state.over ? (action) => sendFrame({ action }) : null;
  // a spectator chats only where the table allows it (the hello's set-up says)
  const mayChat = seated || Boolean(hello && hello.setup && hello.setup.spectator_chat);
  return html`<main class="page table-page" data-status=${state.status}
    data-seq=${frame ? frame.seq : ''} data-game=${game || ''} data-seat=${seated ? me : 'spectator'}
    data-to-act=${toAct.join(',')} data-must-act=${mustAct.join(',')}
    data-over=${state.over ? 'true' : 'false'}>
    <header class="table-header">
      <h1><a href="/" aria-label="bohnen: the lobby">bohnen</a>
        ${entry ? ` · ${entry.title}` : game ? ` · ${game}` : ''}</h1>
      <span class="table-id">table ${table}</span>
      <span class="who">${
        hello ? (seated ? `You: ${seatName(state.seats, me)}, seat ${me}` : 'Watching') : ''
      }</span>
      ${frame && html`<span class="step">step ${frame.seq}</span>`}
      ${state.over && html`<a href=${replayLink(table)}>Replay</a>`}
      <${RulesLink} page=${gamePage} title=${entry ? entry.title : game} />
    </header>
    <${Banner} state=${state} table=${table} onForget=${onForget} />
    ${seated && !state.over && html`<${AlertsAsk} settings=${alerts} onChange=${changeAlerts} />`}
    <div class="table-layout">
      <div class="board-column">
        ${state.error && html`<p class="error" role="alert">${state.error}</p>`}
        ${
          seated &&
          !state.over &&
          frame &&
          html`<${UndoBar} step=${frame.undo} onUndo=${(step) => sendFrame({ undo: step })} />`
        }
        ${
          Board && frame
            ? html`<${Board} view=${frame.view} moves=${frame.moves || []} terms=${frame.terms || null}
          seat=${seated ? me : null} send=${send} seats=${state.seats} mustAct=${mustAct} />`
            : html`<p class="loading">Loading the table…</p>`
        }
      </div>
      <${Side} state=${state}>
        <${Seats} table=${table} seats=${state.seats} me=${seated ? me : null} waiting=${mustAct}
          clock=${frame ? frame.clock : null} skew=${state.skew} banked=${banked(hello)}
          bots=${entry ? entry.bots || [] : []}
          host=${host} onHost=${setHost} send=${seated && !state.over ? sendFrame : null}
          onVote=${seated && !state.over ? (seat) => sendFrame({ vote_standin: seat }) : null}
          onLeave=${() => {
            if (sendFrame({ leave: true })) setLeaving(true);
          }}>
          ${seated && html`<${AlertsSettings} settings=${alerts} onChange=${changeAlerts} />`}
        <//>
        <${GameLog} steps=${state.log} seats=${state.seats}
          notices=${state.chat.filter((line) => line.notice)} />
        <${Chat} lines=${state.chat} seats=${state.seats}
          onSay=${mayChat ? (text) => sendFrame({ chat: text }) : null} />
      <//>
    </div>
  </main>`;
}

/**
 * The Undo button: it takes back the step the server names (the view frame's `undo`),
 * and is disabled when there is none; the page restates no rule of when a move may be
 * taken back.
 */
function UndoBar({ step, onUndo }) {
  const may = step !== null && step !== undefined;
  return html`<div class="undo-bar">
    <button type="button" class="undo" disabled=${!may} data-step=${may ? step : ''}
      title=${may ? 'Take back your last move' : 'Nothing to take back now'}
      onClick=${() => may && onUndo(step)}>Undo</button>
  </div>`;
}

/** The game's rules in short, opened in a new tab: the table stays where it is. */
export function RulesLink({ page, title }) {
  if (!page || !page.rules) return null;
  return html`<a class="rules-link" href=${page.rules} target="_blank" rel="noopener"
    aria-label=${`Rules of ${title} (opens in a new tab)`}>Rules</a>`;
}

const TABS = [
  ['seats', 'Seats'],
  ['log', 'Log'],
  ['chat', 'Chat'],
];

/**
 * The side of the table: its panels (the seats, the log, the chat) one above the other
 * beside a wide board; on a narrow screen below the board, one at a time behind tabs
 * (the stylesheet shows the tabs only there), the chat's tab counting the lines not read.
 */
function Side({ state, children }) {
  const [tab, setTab] = useState('seats');
  const [read, setRead] = useState(0);
  const lines = state.chat.length;
  useEffect(() => {
    if (tab === 'chat') setRead(lines);
  }, [tab, lines]);
  const unread = tab === 'chat' ? 0 : lines - read;
  return html`<aside class="side-column" data-tab=${tab}>
    <div class="side-tabs" role="tablist" aria-label="Seats, log and chat">
      ${TABS.map(
        ([key, label]) => html`<button type="button" role="tab" key=${key}
        data-tab=${key} aria-selected=${tab === key ? 'true' : 'false'}
        onClick=${() => setTab(key)}>${label}${
          key === 'chat' && unread > 0
            ? html` <span class="unread" aria-label=${`${unread} unread`}>${unread}</span>`
            : ''
        }</button>`,
      )}
    </div>
    ${children}
  </aside>`;
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
      ${
        state.over || /no such table/.test(state.reason || '')
          ? html` · <a href=${replayLink(table)}>The replay, if the game is over</a>`
          : ''
      }</div>`;
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
