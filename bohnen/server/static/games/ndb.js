// Nicht die Bohne! at the online table: the hand, the trick (the cards played face
// down shown as backs until the reveal), the chain of taking, every seat's rows with
// their scores, and the score sheet over the rounds.
//
// It reads only the seat's view (bohnen/ndb/view_types.py) and its legal moves in
// notation (docs/ndb.md): a card of the hand is clickable when "S: play CODE" is
// legal, a card of the trick when "S: take OWNER" is. Nothing is decided here: the
// server's engine says what is legal.

import { h } from "preact";
import htm from "htm";

const html = htm.bind(h);

// The page's stylesheet: the shell adds it when it loads the module.
export const stylesheet = new URL("./ndb.css", import.meta.url).href;

// ---- names -----------------------------------------------------------------

// A seat's name as the shell writes it (a bot by its spec when it has no name), "(you)"
// after the viewer's own.
export function seatName(seats, seat, me) {
  const row = (seats || []).find((s) => s.seat === seat);
  let name = `Seat ${seat}`;
  if (row && row.kind === "bot") name = row.name || `${row.bot} bot`;
  else if (row && row.name) name = row.name;
  return seat === me ? `${name} (you)` : name;
}

function names(list, seats, me) {
  return list.map((s) => seatName(seats, s, me)).join(", ");
}

// A card's kind as shown on its face: 1-10, "–", "×2", or "0" for Nicht die Bohne.
export function kindLabel(kind) {
  if (kind === "-") return "–";
  if (kind === "x2") return "×2";
  return kind;
}

// A card in words, as the events write it: "rouge 7", "jaune Nicht die Bohne".
export function cardWords(legend, code) {
  const colour = legend.colours.find((c) => c.code === code[0]);
  const kind = legend.kinds.find((k) => k.code === code.slice(1));
  return `${colour ? colour.name : code[0]} ${kind ? kind.name : code.slice(1)}`;
}

// ---- moves -----------------------------------------------------------------

// The legal moves of the seat, read from their notation: the cards it may play and
// the seats whose card it may take.
export function readMoves(legal, seat) {
  const plays = new Map();
  const takes = new Map();
  const other = [];
  for (const text of legal || []) {
    const m = /^(\d+): (play|take) (\S+)$/.exec(text);
    if (m && Number(m[1]) === seat && m[2] === "play") plays.set(m[3], text);
    else if (m && Number(m[1]) === seat && m[2] === "take") takes.set(Number(m[3]), text);
    else other.push(text);
  }
  return { plays, takes, other };
}

// Who took each card of the trick: the token holder took the first seat's of
// `taken`, that seat the next one's, and so on.
export function takers(view) {
  const out = new Map();
  let by = view.token;
  for (const owner of view.taken) {
    out.set(owner, by);
    by = owner;
  }
  return out;
}

// ---- cards -----------------------------------------------------------------

function Card({ code, legend, action, send, extra }) {
  const colour = code[0];
  const kind = code.slice(1);
  const special = kind === "-" || kind === "x2" || kind === "0";
  const words = cardWords(legend, code);
  const cls = `ndb-card ndb-${colour}${special ? " ndb-special" : ""}${
    action ? " ndb-playable" : ""}${extra ? " " + extra : ""}`;
  const face = html`
    <span class="ndb-kind">${kind === "0" ? "0" : kindLabel(kind)}</span>
    ${kind === "0" ? html`<span class="ndb-caption">Nicht die Bohne</span>` : null}`;
  if (action) {
    return html`<button type="button" class=${cls} title=${`${words}: ${action}`}
      data-card=${code} data-action=${action} onClick=${() => send(action)}>${face}</button>`;
  }
  return html`<span class=${cls} title=${words} data-card=${code}>${face}</span>`;
}

function Back({ title }) {
  return html`<span class="ndb-card ndb-back" title=${title || "face down"}
    data-card="back"><span class="ndb-bean">●</span></span>`;
}

function Empty({ title }) {
  return html`<span class="ndb-card ndb-empty" title=${title || "not played yet"}></span>`;
}

// ---- the trick ---------------------------------------------------------------

function trickOrder(view) {
  const n = view.options.players;
  return Array.from({ length: n }, (_, i) => (view.token + i) % n);
}

function TrickSlot({ view, owner, me, seats, moves, send, takenBy }) {
  const code = view.table[owner];
  const played = view.played.includes(owner);
  const taken = takenBy.has(owner);
  const legend = view.legend;
  let card;
  let note = "";
  if (!played) {
    card = html`<${Empty} />`;
    note = view.phase === "play" && view.to_act.includes(owner) ? "to play" : "";
  } else if (code === null) {
    card = html`<${Back} />`;
    note = "face down";
  } else {
    const hidden = view.phase === "play" && owner !== view.token;
    const action = moves.takes.get(owner);
    card = html`<${Card} code=${code} legend=${legend} action=${action} send=${send}
      extra=${`${hidden ? "ndb-mine-down" : ""}${view.phase === "take" ? " ndb-revealed" : ""}${
        taken ? " ndb-taken" : ""}`} />`;
    if (hidden) note = "face down (only you see it)";
    if (taken) note = `taken by ${seatName(seats, takenBy.get(owner), me)}`;
  }
  const token = owner === view.token;
  return html`<div class=${`ndb-slot${token ? " ndb-slot-token" : ""}`} data-seat=${owner}>
    <div class="ndb-slot-name">${token ? html`<span class="ndb-token" title="the token">◆</span> ` : ""}${
      seatName(seats, owner, me)}</div>
    ${card}
    <div class="ndb-slot-note">${note}</div>
  </div>`;
}

function Trick({ view, me, seats, moves, send }) {
  const takenBy = takers(view);
  const revealed = view.phase === "take";
  let heading = `Trick ${view.turn}`;
  if (view.phase === "lead") heading += ": the token holder leads";
  if (view.phase === "play") heading += ": the others play face down";
  if (revealed) heading += ": the cards are turned up";
  return html`<section class=${`ndb-trick${revealed ? " ndb-trick-revealed" : ""}`}
      key=${`trick-${view.turn}-${revealed}`}>
    <h3>${heading}</h3>
    <div class="ndb-slots">
      ${trickOrder(view).map((owner) => html`<${TrickSlot} view=${view} owner=${owner} me=${me}
        seats=${seats} moves=${moves} send=${send} takenBy=${takenBy} key=${owner} />`)}
    </div>
  </section>`;
}

// ---- status ------------------------------------------------------------------

export function statusText(view, me, seats) {
  if (view.phase === "over") {
    const r = view.result;
    if (!r) return "The game is over.";
    const who = names(r.winners, seats, me);
    return `The game is over: ${who} ${r.winners.length > 1 ? "share the win" : "wins"}.`;
  }
  const waiting = view.to_act;
  const mine = me !== null && waiting.includes(me);
  if (view.phase === "lead") {
    return mine ? "Your lead: play a card face up."
      : `${seatName(seats, view.token, me)} leads the trick.`;
  }
  if (view.phase === "play") {
    if (mine) return "Play a card face down.";
    return `Waiting for ${names(waiting, seats, me)} to play face down.`;
  }
  if (mine) return "Take a card of the trick (not your own, not the token card).";
  return `${names(waiting, seats, me)} takes a card.`;
}

function Status({ view, me, seats }) {
  const mine = me !== null && view.to_act.includes(me);
  return html`<div class=${`ndb-status${mine ? " ndb-your-turn" : ""}`} data-testid="status">
    <span>Round ${view.round} of ${view.options.rounds}</span>
    <span>Trick ${view.turn}</span>
    <span><span class="ndb-token">◆</span> ${seatName(seats, view.token, me)}</span>
    <strong>${statusText(view, me, seats)}</strong>
  </div>`;
}

// ---- the hand ----------------------------------------------------------------

function Hand({ view, me, moves, send }) {
  if (me === null) return null;
  const hand = view.players[me].hand || [];
  const how = view.phase === "lead" ? "face up" : "face down";
  const can = moves.plays.size > 0;
  return html`<section class="ndb-hand" data-testid="hand">
    <h3>Your hand (${hand.length})${can ? html` · click a card to play it ${how}` : ""}</h3>
    <div class="ndb-cards">
      ${hand.map((code, i) => html`<${Card} key=${`${code}-${i}`} code=${code}
        legend=${view.legend} action=${moves.plays.get(code)} send=${send} />`)}
    </div>
  </section>`;
}

// ---- rows --------------------------------------------------------------------

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function Rows({ view, me, seats }) {
  const colours = view.legend.colours;
  return html`<section class="ndb-rows" data-testid="rows">
    <h3>Rows</h3>
    <div class="ndb-players">
      ${view.players.map((p) => html`<div key=${p.seat} data-seat=${p.seat}
          class=${`ndb-player${p.seat === me ? " ndb-me" : ""}${
            view.to_act.includes(p.seat) ? " ndb-acting" : ""}`}>
        <div class="ndb-player-head">
          ${p.seat === view.token ? html`<span class="ndb-token" title="the token">◆</span> ` : ""}
          <strong>${seatName(seats, p.seat, me)}</strong>
          <span class="ndb-muted">${p.hand_size} in hand</span>
          <span class="ndb-score" title="the rows' points now">${signed(p.rows_score)}</span>
        </div>
        ${p.hand && p.seat !== me ? html`<div class="ndb-other-hand" data-hand=${p.seat}
          title="the hand (the game is over: every card is shown)">${p.hand.map((code, j) =>
            html`<${Card} key=${j} code=${code} legend=${view.legend} extra="ndb-small" />`)}</div>`
          : null}
        ${p.rows.map((row, i) => html`<div class="ndb-row" key=${i}
            title=${`${colours[i].name} (${colours[i].english}): ${signed(row.score)}`}>
          <span class=${`ndb-row-colour ndb-${colours[i].code}`}>${colours[i].code}</span>
          <span class="ndb-row-cards">${row.cards.map((code, j) => html`<${Card} key=${j}
            code=${code} legend=${view.legend} extra="ndb-small" />`)}</span>
          <span class="ndb-row-score">${row.cards.length ? signed(row.score) : ""}</span>
        </div>`)}
      </div>`)}
    </div>
  </section>`;
}

// ---- the score sheet -------------------------------------------------------------

function Sheet({ view, me, seats }) {
  const n = view.options.players;
  const rounds = Array.from({ length: view.options.rounds }, (_, i) => i);
  const seatsList = Array.from({ length: n }, (_, i) => i);
  const over = view.phase === "over";
  const winners = over && view.result ? view.result.winners : [];
  const cell = (r, s) => {
    const line = view.sheet[r] && view.sheet[r][s];
    if (line) {
      return html`<td key=${s} data-round=${r + 1} data-seat=${s}
        title="Spiel + · Spiel – · Summe"><span class="ndb-plus">+${line.plus}</span>${" "}<span
        class="ndb-minus">−${line.minus}</span>${" = "}<strong>${signed(line.total)}</strong></td>`;
    }
    if (!over && r + 1 === view.round) {
      return html`<td key=${s} class="ndb-now" data-round=${r + 1} data-seat=${s}
        title="the round's Summe if it ended now">(${signed(view.players[s].rows_score)})</td>`;
    }
    return html`<td key=${s} data-round=${r + 1} data-seat=${s}></td>`;
  };
  return html`<section class="ndb-sheet" data-testid="sheet">
    <h3>Score sheet <span class="ndb-muted">Spiel + · Spiel – · Summe</span></h3>
    <table>
      <thead><tr><th>Round</th>${seatsList.map((s) => html`<th key=${s}
        class=${winners.includes(s) ? "ndb-winner" : ""}>${seatName(seats, s, me)}</th>`)}</tr></thead>
      <tbody>
        ${rounds.map((r) => html`<tr key=${r}><th>${r + 1}</th>${seatsList.map((s) => cell(r, s))}</tr>`)}
        <tr class="ndb-totals"><th>Total</th>${seatsList.map((s) => html`<td key=${s}
          data-total=${s} class=${winners.includes(s) ? "ndb-winner" : ""}>
          <strong>${signed(over && view.result ? view.result.scores[s] : view.totals[s])}</strong></td>`)}</tr>
      </tbody>
    </table>
  </section>`;
}

// ---- the result --------------------------------------------------------------

function Result({ view, me, seats }) {
  const r = view.result;
  if (!r) return null;
  const order = r.scores.map((score, s) => [score, s]).sort((a, b) => b[0] - a[0]);
  return html`<section class="ndb-result" data-testid="result">
    <h3>${statusText(view, me, seats)}</h3>
    <ol>${order.map(([score, s]) => html`<li key=${s}
      class=${r.winners.includes(s) ? "ndb-winner" : ""}>${seatName(seats, s, me)}: ${
      signed(score)}</li>`)}</ol>
  </section>`;
}

// ---- other moves -------------------------------------------------------------

function OtherMoves({ moves, send }) {
  if (!moves.other.length) return null;
  return html`<section class="ndb-moves"><h3>Moves</h3>
    ${moves.other.map((text) => html`<button type="button" key=${text} data-action=${text}
      onClick=${() => send(text)}>${text}</button>`)}
  </section>`;
}

// ---- the replay ------------------------------------------------------------------

// One view with every hand and every face-down card, from a replay step's views
// ({"spectator": view, "0": view, ...}): the spectator's, each seat's own added.
export function allHands(views) {
  const base = views.spectator;
  const own = (seat) => views[String(seat)];
  const players = base.players.map((p) => (own(p.seat)
    ? { ...p, hand: own(p.seat).players[p.seat].hand } : p));
  const table = base.table.map((code, seat) => (code === null && own(seat)
    ? own(seat).table[seat] : code));
  return { ...base, players, table };
}

// ---- the board -------------------------------------------------------------------

export function Board({ view, legal, seat, send, seats }) {
  if (!view) return html`<div class="ndb-board">Waiting for the table…</div>`;
  const me = seat === undefined ? null : seat;
  const moves = readMoves(send ? legal : [], me);  // no send: a spectator, or the end
  return html`<div class="ndb-board" data-game="ndb">
    <${Status} view=${view} me=${me} seats=${seats} />
    ${view.phase === "over" ? html`<${Result} view=${view} me=${me} seats=${seats} />` : html`
      <${Trick} view=${view} me=${me} seats=${seats} moves=${moves} send=${send} />
      <${Hand} view=${view} me=${me} moves=${moves} send=${send} />`}
    <${OtherMoves} moves=${moves} send=${send} />
    <div class="ndb-lower">
      <${Rows} view=${view} me=${me} seats=${seats} />
      <${Sheet} view=${view} me=${me} seats=${seats} />
    </div>
  </div>`;
}

export default Board;
