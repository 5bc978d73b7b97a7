// The form that sets up a table: game, player count, the game's rule options, a clock
// (and the absent turns after which a bot takes a seat), who sits at each seat (me, a
// friend by the link, open to anybody, or a bot by its spec), and whether the table is
// private (not listed) and its spectators may chat.
import { html, useEffect, useState } from './html.js';
import { api, keepName, lastName } from './api.js';
import { games } from './common.js';

const NO_CLOCK = { mode: 'none', per_move: 30, bank: 300, hours: 24, absent_turns: 3 };

export function CreateTable({ onCreated }) {
  const [catalogue, setCatalogue] = useState(null);
  const [error, setError] = useState(null);
  const [form, setForm] = useState(null);
  useEffect(() => {
    games().then(
      (all) => {
        setCatalogue(all);
        if (all.length) setForm(freshForm(all[0]));
      },
      (err) => setError(err.message),
    );
  }, []);
  if (!catalogue || !form) {
    return html`<section class="card create"><h2>New table</h2>
      ${error ? html`<p role="alert" class="error">${error}</p>` : html`<p>Loading…</p>`}</section>`;
  }
  const game = catalogue.find((g) => g.game === form.game);
  const change = (patch) => setForm({ ...form, ...patch });
  // Bohnanza's trading mode is asked up front; the other rules are folded away
  const trading = (game.options || []).find((o) => o.name === 'trading');
  const rules = (game.options || []).filter((o) => o !== trading);
  const submit = async (event) => {
    event.preventDefault();
    setError(null);
    try {
      keepName(form.name);
      onCreated(await api('/api/tables', { method: 'POST', body: request(form) }));
    } catch (err) {
      setError(err.message);
    }
  };
  return html`<section class="card create" aria-label="New table">
    <h2>New table</h2>
    <form onSubmit=${submit}>
      <label>Game
        <select name="game" value=${form.game}
          onChange=${(e) =>
            setForm(
              freshForm(
                catalogue.find((g) => g.game === e.target.value),
                form.name,
              ),
            )}>
          ${catalogue.map((g) => html`<option value=${g.game}>${g.title}</option>`)}
        </select></label>
      <label>Players
        <select name="players" value=${form.players}
          onChange=${(e) =>
            change({
              players: Number(e.target.value),
              seats: resize(form.seats, Number(e.target.value)),
            })}>
          ${range(game.players[0], game.players[1]).map((n) => html`<option value=${n}>${n}</option>`)}
        </select></label>
      <label>Your name <input name="name" required maxlength="40" value=${form.name}
        onInput=${(e) => change({ name: e.target.value })} /></label>
      ${
        trading &&
        html`<${OptionField} option=${trading} label="Trading"
        value=${form.options.trading ?? trading.default}
        onChange=${(v) => change({ options: { ...form.options, trading: v } })} />`
      }
      <${Seats} seats=${form.seats} bots=${game.bots || []}
        onChange=${(seats) => change({ seats })} />
      <${ClockChoice} clock=${form.clock} onChange=${(clock) => change({ clock })} />
      <${TableChoice} form=${form} onChange=${change} />
      <${Options} options=${rules} values=${form.options}
        onChange=${(options) => change({ options })} />
      ${error && html`<p role="alert" class="error">${error}</p>`}
      <button class="primary" type="submit">Set up the table</button>
    </form>
  </section>`;
}

function freshForm(game, name = lastName()) {
  const players = game.players[0] <= 3 && game.players[1] >= 3 ? 3 : game.players[0];
  return {
    game: game.game,
    players,
    name,
    options: {},
    clock: { ...NO_CLOCK },
    private: false,
    spectator_chat: false,
    seats: resize([], players),
  };
}

function resize(seats, players) {
  const out = seats.slice(0, players);
  while (out.length < players) out.push(out.length === 0 ? { kind: 'me' } : { kind: 'invite' });
  return out;
}

const range = (low, high) => Array.from({ length: high - low + 1 }, (_, i) => low + i);

/** The body of POST /api/tables. */
function request(form) {
  const body = {
    game: form.game,
    players: form.players,
    options: form.options,
    name: form.name.trim(),
    seats: form.seats.map((s) =>
      s.kind === 'bot' ? { kind: 'bot', bot: (s.bot || 'heuristic').trim() } : { kind: s.kind },
    ),
    private: form.private,
    spectator_chat: form.spectator_chat,
  };
  const { clock } = form;
  const absent = Math.round(Number(clock.absent_turns));
  if (clock.mode === 'realtime') {
    body.clock = {
      mode: 'realtime',
      per_move: Number(clock.per_move),
      bank: Number(clock.bank),
      absent_turns: absent,
    };
  } else if (clock.mode === 'async') {
    body.clock = {
      mode: 'async',
      per_move: Math.round(Number(clock.hours) * 3600),
      absent_turns: absent,
    };
  } else {
    body.clock = null;
  }
  return body;
}

function Seats({ seats, bots, onChange }) {
  const set = (i, patch) => onChange(seats.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return html`<fieldset class="seats-choice"><legend>Seats</legend>
    <datalist id="bot-specs">${bots.map((b) => html`<option value=${b} />`)}</datalist>
    ${seats.map(
      (s, i) => html`<div class="seat-choice" data-seat=${i}>
      <label>Seat ${i}
        <select name=${`seat-${i}`} value=${s.kind} onChange=${(e) => set(i, { kind: e.target.value })}>
          <option value="me">me</option>
          <option value="invite">a friend (only the link takes it)</option>
          <option value="open">open (anybody may join)</option>
          <option value="bot">a bot</option>
        </select></label>
      ${
        s.kind === 'bot' &&
        html`<label>Bot <input name=${`bot-${i}`} list="bot-specs"
        placeholder="heuristic" value=${s.bot || ''} onInput=${(e) => set(i, { bot: e.target.value })} />
        </label>`
      }
    </div>`,
    )}
  </fieldset>`;
}

function Options({ options, values, onChange }) {
  if (!options.length) return null;
  const set = (name, value) => onChange({ ...values, [name]: value });
  const changed = options.filter((o) => o.name in values).length;
  return html`<details class="options"><summary>Rules${changed ? ` (${changed} changed)` : ''}</summary>
    ${options.map(
      (o) => html`<${OptionField} key=${o.name} option=${o}
      value=${o.name in values ? values[o.name] : o.default} onChange=${(v) => set(o.name, v)} />`,
    )}
  </details>`;
}

function OptionField({ option, value, onChange, label = option.name.replaceAll('_', ' ') }) {
  const id = `option-${option.name}`;
  const help = option.help ? html`<small id=${`${id}-help`}>${option.help}</small>` : null;
  if (option.type === 'bool') {
    return html`<div class="option"><label><input type="checkbox" name=${option.name}
      checked=${Boolean(value)} aria-describedby=${`${id}-help`}
      onChange=${(e) => onChange(e.target.checked)} /> ${label}</label>${help}</div>`;
  }
  if (option.type === 'choice') {
    return html`<div class="option"><label>${label} <select name=${option.name}
      value=${String(value)} aria-describedby=${`${id}-help`}
      onChange=${(e) => onChange(e.target.value)}>
      ${(option.choices || []).map((c) => html`<option value=${String(c)}>${String(c).replaceAll('_', ' ')}</option>`)}
      </select></label>${help}</div>`;
  }
  const number = option.type === 'int';
  return html`<div class="option"><label>${label} <input name=${option.name}
    type=${number ? 'number' : 'text'} value=${value ?? ''} placeholder=${value == null ? 'none' : ''}
    aria-describedby=${`${id}-help`}
    onInput=${(e) =>
      onChange(
        number ? (e.target.value === '' ? null : Number(e.target.value)) : e.target.value,
      )} /></label>${help}</div>`;
}

function ClockChoice({ clock, onChange }) {
  const set = (patch) => onChange({ ...clock, ...patch });
  return html`<fieldset class="clock-choice"><legend>Clock</legend>
    <label>Clock <select name="clock" value=${clock.mode} onChange=${(e) => set({ mode: e.target.value })}>
      <option value="none">none</option>
      <option value="realtime">real time (seconds a move, with a bank)</option>
      <option value="async">asynchronous (hours a move)</option>
    </select></label>
    ${
      clock.mode === 'realtime' &&
      html`
      <label>Seconds a move <input name="per_move" type="number" min="1" value=${clock.per_move}
        onInput=${(e) => set({ per_move: e.target.value })} /></label>
      <label>Bank (seconds) <input name="bank" type="number" min="0" value=${clock.bank}
        onInput=${(e) => set({ bank: e.target.value })} /></label>`
    }
    ${
      clock.mode === 'async' &&
      html`
      <label>Hours a move <input name="hours" type="number" min="0.1" step="0.1" value=${clock.hours}
        onInput=${(e) => set({ hours: e.target.value })} /></label>`
    }
    ${
      clock.mode !== 'none' &&
      html`<label>Absent turns before a bot takes the seat (0: never)
        <input name="absent_turns" type="number" min="0" max="100" step="1"
          value=${clock.absent_turns} onInput=${(e) => set({ absent_turns: e.target.value })} />
      </label>`
    }
    <p class="hint">When a seat's time runs out, a bot (the heuristic one) makes that move for it.</p>
  </fieldset>`;
}

/** Who sees the table: listed in the lobby or not, and whether its spectators chat. */
function TableChoice({ form, onChange }) {
  return html`<fieldset class="table-choice"><legend>The table</legend>
    <div class="option"><label><input type="checkbox" name="private" checked=${form.private}
      onChange=${(e) => onChange({ private: e.target.checked })} />
      Private: not listed in the lobby (only its links reach it)</label></div>
    <div class="option"><label><input type="checkbox" name="spectator_chat"
      checked=${form.spectator_chat} onChange=${(e) => onChange({ spectator_chat: e.target.checked })} />
      Spectators may chat</label></div>
  </fieldset>`;
}
