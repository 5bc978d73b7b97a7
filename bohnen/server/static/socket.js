// The table's WebSocket: it presents the seat's token, gets what it missed since the
// last step and chat line it has (`after`, `chat_after`), and comes back by itself after
// a dropped connection (at once when the browser is online again). The hello brings a
// fresh token (tokens expire): the connection comes back with it, and a seat keeps it.
// A move taken back (an `undone` frame) leaves the log; the numbers of the table's log
// (steps and undos) never repeat, so `after` is the last of them this page has.
import { keepSeatToken } from './api.js';
import { useEffect, useReducer, useRef } from './html.js';

const FIRST_DELAY = 500; // ms before the first try to reconnect; doubled up to MAX_DELAY
const MAX_DELAY = 5000;

export const initialTable = {
  status: 'connecting', // connecting | open | offline | refused
  reason: null, // why the server refused the connection
  hello: null, // the server's hello frame
  seats: [],
  started: false,
  over: false,
  seq: 0, // the last entry of the table's log received (a step or an undo)
  log: [], // step frames of the game (those not taken back), in order of seq
  chat: [], // chat frames, in order of n
  view: null, // the last view frame: {seq, view, moves, terms, to_act, must_act, clock, result}
  error: null, // the last error frame's text, until the next ack or step
  live: false, // the frames sent again after the hello are over: these are new
  skew: 0, // this browser's clock less the server's, in seconds (about)
};

/** How far this browser's clock is ahead of the server's, from a new frame's time
 * (frames sent again after a hello are old: they say nothing of it). */
const skewOf = (state, frame) =>
  state.live && typeof frame.at === 'number' ? Date.now() / 1000 - frame.at : state.skew;

export function reduceTable(state, { type, frame }) {
  switch (type) {
    case 'status':
      return { ...state, status: frame.status, reason: frame.reason ?? null };
    case 'hello':
      return {
        ...state,
        status: 'open',
        reason: null,
        hello: frame,
        seats: frame.seats || [],
        live: false,
        started: Boolean(frame.started),
        over: Boolean(frame.over),
      };
    case 'step':
      return frame.seq > state.seq
        ? {
            ...state,
            seq: frame.seq,
            log: [...state.log, frame],
            error: null,
            skew: skewOf(state, frame),
          }
        : state;
    case 'undone':
      return frame.seq > state.seq
        ? {
            ...state,
            seq: frame.seq,
            log: state.log.filter((step) => step.seq !== frame.step),
            error: null,
          }
        : state;
    case 'chat': {
      const last = state.chat.length ? state.chat[state.chat.length - 1].n : 0;
      return frame.n > last
        ? { ...state, chat: [...state.chat, frame], skew: skewOf(state, frame) }
        : state;
    }
    case 'view':
      return {
        ...state,
        view: frame,
        over: state.over || frame.result != null,
        live: true,
        started: frame.started ?? state.started,
      };
    case 'seats':
      return { ...state, seats: frame.seats || [], started: Boolean(frame.started) };
    case 'error':
      return { ...state, error: frame.error || 'the server refused that' };
    case 'ack':
      return { ...state, error: null };
    default:
      return state;
  }
}

/** One table's connection; `dispatch` gets {type, frame} for each frame and status. */
export class Connection {
  constructor(table, token, dispatch) {
    this.table = table;
    this.token = token;
    this.dispatch = dispatch;
    this.after = 0; // the last entry of the log received (a step's or an undo's seq)
    this.chatAfter = 0; // the last chat line n received
    this.delay = FIRST_DELAY;
    this.socket = null;
    this.timer = null;
    this.stopped = false;
    this.greeted = false; // a hello came once: a later close is a dropped connection
    this.online = () => this.reconnectNow();
    window.addEventListener('online', this.online);
  }

  open() {
    if (this.stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(
      `${scheme}://${location.host}/ws/${encodeURIComponent(this.table)}`,
    );
    this.socket = socket;
    this.status(this.greeted ? 'offline' : 'connecting');
    socket.onopen = () =>
      socket.send(
        JSON.stringify({ token: this.token, after: this.after, chat_after: this.chatAfter }),
      );
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => this.closed(socket, event);
  }

  receive(data) {
    let frame;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (!frame || typeof frame.type !== 'string') return;
    if (frame.type === 'hello') {
      this.delay = FIRST_DELAY;
      this.greeted = true;
      if (typeof frame.token === 'string') {
        this.token = frame.token;
        if (frame.seat !== null && frame.seat !== undefined) keepSeatToken(this.table, frame.token);
      }
    }
    if (frame.type === 'step' || frame.type === 'undone' || frame.type === 'view')
      this.after = Math.max(this.after, frame.seq);
    if (frame.type === 'chat') this.chatAfter = Math.max(this.chatAfter, frame.n);
    this.dispatch({ type: frame.type, frame });
  }

  closed(socket, event) {
    if (socket !== this.socket) return;
    this.socket = null;
    if (this.stopped) return;
    if (event.code === 1008) {
      // the server refused: a bad token, no such table, ...
      this.status('refused', event.reason || 'the server refused the connection');
      return;
    }
    this.status('offline');
    this.timer = setTimeout(() => this.open(), this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY);
  }

  reconnectNow() {
    if (this.stopped || this.socket) return;
    clearTimeout(this.timer);
    this.open();
  }

  status(status, reason = null) {
    this.dispatch({ type: 'status', frame: { status, reason } });
  }

  /** Send a frame ({action}, {undo}, {chat} or {standin}); false when not connected. */
  send(frame) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener('online', this.online);
    if (this.socket) this.socket.close(1000, 'the page left the table');
    this.socket = null;
  }
}

/** The table as the server tells it, and `send(frame)`. */
export function useTable(table, token) {
  const [state, dispatch] = useReducer(reduceTable, initialTable);
  const connection = useRef(null);
  useEffect(() => {
    if (!token) return undefined;
    const conn = new Connection(table, token, dispatch);
    connection.current = conn;
    conn.open();
    return () => conn.close();
  }, [table, token]);
  const send = (frame) => {
    const sent = connection.current ? connection.current.send(frame) : false;
    if (!sent)
      dispatch({ type: 'error', frame: { error: 'not connected: try again in a moment' } });
    return sent;
  };
  return [state, send];
}
