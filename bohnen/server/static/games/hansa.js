// Bohn Hansa at the online table: the map drawn from the board the view carries (its
// cities, routes and the players' carts), the price ladders and the supply, every
// seat's money, loans and aid, the seat's hand with its contracts, the contracts on
// the table, and the deal panel for invitations and trades.
//
// It reads only the seat's view (bohnen/hansa/view_types.py) and its legal moves in
// notation (docs/hansa.md, "Notation"). A journey is chosen by its destination: a city
// is clickable on the map when a legal "go … CITY" (or "stay", for the seat's own
// city) is among the moves. Proposals are not among the legal moves: the deal panel
// composes them ("S: propose TO give … want … buy …", "S: counter PID …") and the
// server's engine says whether they hold.

import { h } from "preact";
import { useState } from "preact/hooks";
import htm from "htm";

const html = htm.bind(h);

// The page's stylesheet: the shell adds it when it loads the module.
export const stylesheet = new URL("./hansa.css", import.meta.url).href;

// ---- colours and names -------------------------------------------------------

const BEAN_COLOURS = {
  BL: ["#2f5fc4", "#fff"], FE: ["#e0542a", "#fff"], SA: ["#a9c85a", "#222"],
  BR: ["#d8b43a", "#222"], SO: ["#eedcae", "#222"], AU: ["#f7f4ec", "#222"],
  RO: ["#8e1c31", "#fff"], GA: ["#3b8a41", "#fff"],
};
const SPARE_COLOURS = ["#7b5ea7", "#4aa3a3", "#b5651d", "#555", "#c4487a", "#6d8f2f"];
const SEAT_COLOURS = {
  red: "#d33a2c", yellow: "#f0c419", green: "#3aa34a", blue: "#2d6cdf", violet: "#8e44ad",
};

function beanColours(board, code) {
  if (BEAN_COLOURS[code]) return BEAN_COLOURS[code];
  const i = board.beans.findIndex((b) => b.code === code);
  return [SPARE_COLOURS[(i < 0 ? 0 : i) % SPARE_COLOURS.length], "#fff"];
}

// A seat's name as the shell writes it (a bot by its spec when it has no name), "(you)"
// after the viewer's own.
export function seatName(seats, seat, me) {
  const row = (seats || []).find((s) => s.seat === seat);
  let name = `Seat ${seat}`;
  if (row && row.kind === "bot") name = row.name || `${row.bot} bot`;
  else if (row && row.name) name = row.name;
  return seat === me ? `${name} (you)` : name;
}

function seatColour(view, seat) {
  const colour = view.players[seat].colour;
  return SEAT_COLOURS[colour] || "#777";
}

function beanName(board, code) {
  const bean = board.beans.find((b) => b.code === code);
  return bean ? bean.name : code;
}

function basePrice(board, code) {
  const bean = board.beans.find((b) => b.code === code);
  return bean ? bean.base_price : "?";
}

function cityOf(board, code) {
  return board.cities.find((c) => c.code === code);
}

function cityIndex(board, code) {
  return board.cities.findIndex((c) => c.code === code);
}

function cityName(board, code) {
  const city = cityOf(board, code);
  return city ? city.name : code;
}

// ---- reading the legal moves ---------------------------------------------------

// The seat's legal moves by kind, from their notation: journeys by destination (the
// first listed path to each: every shortest path plays the same cards), purchases by
// bean and slot, and the rest in the order given.
export function readMoves(legal, seat) {
  const moves = {
    journeys: new Map(), stay: null, buys: new Map(), fulfil: new Map(),
    buyContract: new Map(), begin: [], answer: [], other: [],
  };
  for (const text of legal || []) {
    const m = /^(\d+): (\S+)(?: (.*))?$/.exec(text);
    if (!m || Number(m[1]) !== seat) {
      moves.other.push(text);
      continue;
    }
    const verb = m[2];
    const args = m[3] ? m[3].split(" ") : [];
    if (verb === "go") {
      const dest = args[args.length - 1];
      if (!moves.journeys.has(dest)) moves.journeys.set(dest, { text, path: args });
    } else if (verb === "stay") moves.stay = text;
    else if (verb === "buy") moves.buys.set(`${args[0]} ${args[1]}`, text);
    else if (verb === "fulfil") moves.fulfil.set(args[0], text);
    else if (verb === "buy-contract") moves.buyContract.set(args[0], text);
    else if (verb === "begin") moves.begin.push({ text, contract: args[0], last: args[2] });
    else if (verb === "accept" || verb === "decline") moves.answer.push({ text, verb });
    else moves.other.push(text);
  }
  return moves;
}

// ---- composing a deal ----------------------------------------------------------

// The notation of a proposal or counter: `head` is "S: propose TO" or "S: counter PID".
export function dealNotation(head, give, want, buy) {
  let text = head;
  for (const [word, beans] of [["give", give], ["want", want], ["buy", buy]]) {
    if (beans.length) text += ` ${word} ${beans.join(",")}`;
  }
  return text;
}

// Whom `seat` may deal with now: the proposer of the proposal it answers; any other
// seat if it is the active player; else the active player. Empty when it may not
// propose (not its floor, a proposal pending for another, no proposals left).
export function dealTargets(view, seat) {
  if (seat === null || view.phase !== "trade") return [];
  const me = view.players[seat];
  if (me.proposals_left <= 0) return [];
  const pending = view.pending;
  if (pending) return pending.to === seat ? [pending.from] : [];
  if (view.floor !== seat) return [];
  if (seat === view.active) return view.players.map((p) => p.seat).filter((s) => s !== seat);
  return [view.active];
}

function spread(counted, order) {
  const out = [];
  for (const code of order) for (let i = 0; i < (counted[code] || 0); i++) out.push(code);
  return out;
}

// A deal in words, from the view's ProposalView.
export function dealWords(view, p, seats, me) {
  const active = p.guest === p.from ? p.to : p.from;
  const city = view.players[active].city;
  const parts = [];
  const activeName = seatName(seats, active, me);
  const guestName = seatName(seats, p.guest, me);
  if (p.active_gives.length) parts.push(`${activeName} gives ${p.active_gives.join(", ")}`);
  if (p.guest_gives.length) parts.push(`${guestName} gives ${p.guest_gives.join(", ")}`);
  if (p.active_buys.length) {
    parts.push(`${activeName} buys ${p.active_buys.join(", ")} in ${city} for ${guestName}`);
  }
  if (!parts.length) parts.push("no beans change hands");
  const head = p.invite
    ? `an invitation: ${guestName} comes to ${cityName(view.board, city)} and plays the front card; `
    : "a trade: ";
  return head + parts.join("; ");
}

// ---- small pieces --------------------------------------------------------------

function Bean({ board, code, count, title, action, send, extra }) {
  const [bg, fg] = beanColours(board, code);
  const label = count && count > 1 ? `${code}×${count}` : code;
  const style = `background:${bg};color:${fg}`;
  const tip = title || beanName(board, code);
  const cls = `hansa-bean${extra ? " " + extra : ""}`;
  if (action) {
    return html`<button type="button" class=${cls + " hansa-clickable"} style=${style}
      title=${`${tip}: ${action}`} data-action=${action} data-bean=${code}
      onClick=${() => send(action)}>${label}</button>`;
  }
  return html`<span class=${cls} style=${style} title=${tip} data-bean=${code}>${label}</span>`;
}

function Beans({ board, beans }) {
  return html`<span class="hansa-beans">${beans.map((code, i) => html`<${Bean} key=${i}
    board=${board} code=${code} />`)}</span>`;
}

function Aid({ board, beans }) {
  const held = spread(beans, board.beans.map((b) => b.code));
  const free = Math.max(0, board.storage - held.length);
  return html`<span class="hansa-aid" title=${`${held.length} of ${board.storage} places`}>
    ${held.map((code, i) => html`<${Bean} key=${i} board=${board} code=${code} />`)}
    ${Array.from({ length: free }, (_, i) => html`<span key=${`f${i}`} class="hansa-free"></span>`)}
  </span>`;
}

function ActionButton({ text, label, send, title, primary }) {
  return html`<button type="button" class=${primary ? "hansa-primary" : ""} data-action=${text}
    title=${title || text} onClick=${() => send(text)}>${label || text}</button>`;
}

// ---- the map -------------------------------------------------------------------

// The cities' places, pushed apart where they crowd (the default board's cities
// cluster around Hamburg) so that each circle and its label stay readable.
export function layoutCities(board, minDistance) {
  const pts = board.cities.map((c) => ({ x: c.x, y: c.y }));
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 1);
  const least = minDistance * span;
  for (let round = 0; round < 60; round++) {
    let moved = false;
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) {
        const dx = pts[j].x - pts[i].x;
        const dy = pts[j].y - pts[i].y;
        const d = Math.hypot(dx, dy);
        if (d >= least) continue;
        const push = (least - d) / 2;
        const ux = d > 0 ? dx / d : 1;
        const uy = d > 0 ? dy / d : 0;
        pts[i].x -= ux * push; pts[i].y -= uy * push;
        pts[j].x += ux * push; pts[j].y += uy * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return pts;
}

function journeyTitle(view, me, dest, path) {
  const board = view.board;
  const hand = me === null ? null : view.players[me].hand;
  const count = path.length + 1;
  let text = `Go to ${cityName(board, dest)}: ${count} cards`;
  if (hand) {
    const cards = hand.slice(0, count);
    const zoll = board.colours[me] && cards.includes(board.colours[me].zoll);
    text += ` (${cards.join(" ")})${zoll ? ", the Zoll among them: 20 talers" : ""}`;
  }
  return text;
}

function MapView({ view, me, seats, moves, send }) {
  const board = view.board;
  const pts = layoutCities(board, 0.1);
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const pad = 46;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const width = Math.max(...xs) - minX + pad;
  const height = Math.max(...ys) - minY + pad;
  const r = Math.max(width, height) * 0.024;
  const at = new Map(board.cities.map((c, i) => [c.code, pts[i]]));
  const edges = [];
  board.cities.forEach((c) => {
    for (const other of c.routes) if (c.code < other) edges.push([c.code, other]);
  });
  const started = (s) => view.phase !== "setup" || s < view.active;
  const carts = new Map();
  for (const p of view.players) {
    if (!started(p.seat)) continue;
    if (!carts.has(p.city)) carts.set(p.city, []);
    carts.get(p.city).push(p.seat);
  }
  const myCity = me === null ? null : view.players[me].city;
  const activeCity = view.phase === "setup" ? null : view.players[view.active].city;
  return html`<svg class="hansa-map" viewBox=${`${minX} ${minY} ${width} ${height}`}
      data-testid="map" role="img" aria-label=${board.title}>
    <rect x=${minX} y=${minY} width=${width} height=${height} class="hansa-sea" />
    ${edges.map(([a, b]) => html`<line key=${`${a}-${b}`} class="hansa-route"
      x1=${at.get(a).x} y1=${at.get(a).y} x2=${at.get(b).x} y2=${at.get(b).y} />`)}
    ${board.cities.map((c, i) => {
      const p = pts[i];
      const journey = moves.journeys.get(c.code);
      const stay = c.code === myCity && moves.stay;
      const action = journey ? journey.text : stay ? moves.stay : null;
      const prices = view.cities[i].prices;
      const priceText = Object.entries(prices).map(([b, v]) => `${b} ${v}`).join(", ");
      let title = `${c.name} (${c.code}): ${priceText}`;
      if (journey) title = `${journeyTitle(view, me, c.code, journey.path)}. ${title}`;
      if (stay) title = `Stay in ${c.name}: 1 card. ${title}`;
      const cls = `hansa-city${action ? " hansa-destination" : ""}${
        c.code === activeCity ? " hansa-active-city" : ""}`;
      const here = carts.get(c.code) || [];
      const onClick = action ? () => send(action) : undefined;
      return html`<g key=${c.code} class=${cls} data-city=${c.code}
          data-action=${action || undefined} onClick=${onClick}>
        <title>${title}</title>
        <circle cx=${p.x} cy=${p.y} r=${r} />
        <text x=${p.x} y=${p.y + r * 0.35} class="hansa-city-code"
          font-size=${r * 0.95}>${c.code}</text>
        <text x=${p.x} y=${p.y + r + r * 0.95} class="hansa-city-name"
          font-size=${r * 0.7}>${c.name}</text>
        ${c.beans.map((b, k) => html`<circle key=${b} class="hansa-city-bean"
          cx=${p.x - ((c.beans.length - 1) * r * 0.55) / 2 + k * r * 0.55} cy=${p.y - r * 1.3}
          r=${r * 0.24} fill=${beanColours(board, b)[0]} />`)}
        ${here.map((s, k) => html`<circle key=${`cart${s}`} class="hansa-cart"
          data-cart=${s} cx=${p.x + r * 1.05 + (k % 3) * r * 0.75}
          cy=${p.y - r * 0.5 + Math.floor(k / 3) * r * 0.75} r=${r * 0.36}
          fill=${seatColour(view, s)}><title>${seatName(seats, s, me)}</title></circle>`)}
        ${journey ? html`<text x=${p.x - r * 1.1} y=${p.y - r * 0.7} class="hansa-cards-badge"
          font-size=${r * 0.75}>${journey.path.length + 1}</text>` : null}
      </g>`;
    })}
  </svg>`;
}

// ---- the ladders -----------------------------------------------------------------

function Ladders({ view, me, moves, send }) {
  const board = view.board;
  const most = Math.max(...board.cities.map((c) => c.ladder.length));
  const myCity = me === null ? null : view.players[me].city;
  const activeCity = view.players[view.active].city;
  return html`<section class="hansa-ladders" data-testid="ladders">
    <h3>Ladders <span class="hansa-muted">bottom slot first; prices now</span></h3>
    <table>
      <tbody>
        ${board.cities.map((c, i) => {
          const slots = view.ladders[c.code];
          const now = view.cities[i];
          const mark = c.code === activeCity ? " hansa-row-active" : c.code === myCity ? " hansa-row-mine" : "";
          return html`<tr key=${c.code} data-ladder=${c.code} class=${mark}>
            <th title=${c.name}>${c.code}</th>
            ${Array.from({ length: most }, (_, k) => {
              if (k >= slots.length) return html`<td key=${k} class="hansa-noslot"></td>`;
              const slot = slots[k];
              const prices = Object.entries(c.ladder[k]).map(([b, v]) => `${b} ${v}`).join(", ");
              const free = k + 1 === now.free_slot;
              if (!slot) {
                return html`<td key=${k} class=${`hansa-slot${free ? " hansa-slot-free" : ""}`}
                  title=${`slot ${k + 1}: ${prices}`}></td>`;
              }
              const action = c.code === activeCity ? moves.buys.get(`${slot.bean} ${k + 1}`) : null;
              return html`<td key=${k} class="hansa-slot" title=${`slot ${k + 1}: ${prices}`}>
                <${Bean} board=${board} code=${slot.bean} count=${slot.count} action=${action}
                  send=${send} title=${`${beanName(board, slot.bean)} on slot ${k + 1}`} /></td>`;
            })}
            <td class="hansa-prices">${Object.entries(now.prices).map(([b, v]) => html`<span
              key=${b} class="hansa-price"><${Bean} board=${board} code=${b} />${v}</span>`)}</td>
          </tr>`;
        })}
      </tbody>
    </table>
    <div class="hansa-supply" title="the beans in the supply">Supply: ${board.beans.map((b) =>
      html`<span key=${b.code} class="hansa-price"><${Bean} board=${board} code=${b.code}
        title=${`${b.name}: base price ${b.base_price}`} />${view.supply[b.code] || 0}</span>`)}
    </div>
  </section>`;
}

// ---- players ---------------------------------------------------------------------

function Players({ view, me, seats }) {
  const board = view.board;
  return html`<section class="hansa-players" data-testid="players">
    <table>
      <thead><tr><th></th><th>seat</th><th>city</th><th>money</th><th>loans</th>
        <th>hand</th><th>aid (${board.storage})</th></tr></thead>
      <tbody>
        ${view.players.map((p) => {
          const cls = `${p.seat === me ? "hansa-me" : ""}${view.to_act.includes(p.seat) ? " hansa-acting" : ""}`;
          const started = view.phase !== "setup" || p.seat < view.active;
          return html`<tr key=${p.seat} data-seat=${p.seat} class=${cls}>
            <td><span class="hansa-dot" style=${`background:${seatColour(view, p.seat)}`}
              title=${p.colour}></span>${p.seat === view.active ? "▶" : ""}</td>
            <td>${seatName(seats, p.seat, me)}</td>
            <td title=${cityName(board, p.city)}>${started ? p.city : "·"}</td>
            <td data-money=${p.seat}>${p.money}</td>
            <td>${p.loans || "—"}</td>
            <td>${p.hand_size}${p.waste.length ? html` <span class="hansa-muted"
              title=${`given up for good: ${p.waste.join(" ")}`}>−${p.waste.length}</span>` : ""}</td>
            <td><${Aid} board=${board} beans=${p.beans} />${p.harvest_before.length
              ? html` <span class="hansa-muted" title="Neue-Ernte cards placed at its next turn">${
                p.harvest_before.join(" ")} waits</span>` : ""}</td>
          </tr>${p.hand && p.seat !== me ? html`<tr key=${`hand${p.seat}`} class="hansa-other-hand"
            data-hand=${p.seat}><td></td><td colspan="6">${p.hand.map((card) => html`<span
              key=${card} class="hansa-card hansa-small-card" data-card=${card}
              title=${view.contracts[card] ? contractWords(view, card) : card}>${card}</span>`)}
          </td></tr>` : null}`;
        })}
      </tbody>
    </table>
  </section>`;
}

function contractWords(view, code) {
  const c = view.contracts[code];
  return `${code}: ${c.beans.join(", ")} delivered in ${cityName(view.board, c.city)}, ${c.payout} talers`;
}

// ---- the hand and the contracts ---------------------------------------------------

function Contract({ view, code, beans, action, send, extra }) {
  const c = view.contracts[code];
  const board = view.board;
  if (!c) return html`<span class="hansa-contract hansa-unknown">${code}</span>`;
  const have = beans && c.beans.every((b) => (beans[b] || 0) > 0);
  return html`<span class=${`hansa-contract${extra ? " " + extra : ""}`} data-contract=${code}
      title=${contractWords(view, code)}>
    <strong>${code}</strong> <span class="hansa-contract-city">${c.city}</span>
    <${Beans} board=${board} beans=${c.beans} /> <strong>${c.payout}</strong>t${have ? html` <span
      class="hansa-ok" title="you hold its beans">✓</span>` : ""}
    ${action ? html` <${ActionButton} text=${action} label="fulfil" send=${send} primary=${true} />` : ""}
  </span>`;
}

function cardKind(view, seat, card) {
  if (card.startsWith("C")) return "contract";
  const colour = view.board.colours[seat];
  if (colour && card === colour.zoll) return "zoll";
  if (colour && card === colour.nachschub) return "nachschub";
  return "travel";
}

function Hand({ view, me, moves, send }) {
  if (me === null) return null;
  const player = view.players[me];
  const hand = player.hand || [];
  const colour = seatColour(view, me);
  return html`<section class="hansa-hand" data-testid="hand">
    <h3>Your hand <span class="hansa-muted">front card first; a journey plays from the front</span></h3>
    <div class="hansa-cards">
      ${hand.map((card, i) => {
        const kind = cardKind(view, me, card);
        const word = kind === "zoll" ? "Zoll" : kind === "nachschub" ? "Nachschub" : "";
        return html`<span key=${card} class=${`hansa-card hansa-${kind}`} data-card=${card}
            style=${kind === "contract" ? "" : `border-color:${colour}`}>
          ${i === 0 ? html`<span class="hansa-front" title="the front card">▶</span>` : ""}${card}
          ${word ? html`<small>${word}</small>` : ""}</span>`;
      })}
    </div>
    <div class="hansa-contracts">
      ${hand.filter((c) => c.startsWith("C")).map((code) => html`<${Contract} key=${code}
        view=${view} code=${code} beans=${player.beans} action=${moves.fulfil.get(code)}
        send=${send} />`)}
    </div>
    ${moves.buyContract.size ? html`<div class="hansa-buy-contract">Buy a contract (5 talers and a
      travel card given up for good): ${[...moves.buyContract.entries()].map(([card, text]) =>
      html`<${ActionButton} key=${card} text=${text} label=${card} send=${send} />`)}</div>` : ""}
  </section>`;
}

function TableContracts({ view, me, moves, send }) {
  const beans = me === null ? null : view.players[me].beans;
  const extra = [...moves.fulfil.keys()].filter((c) => !view.table.includes(c)
    && !(me !== null && (view.players[me].hand || []).includes(c)));
  if (!view.table.length && !view.played.length && !extra.length) return null;
  return html`<section class="hansa-table" data-testid="table-contracts">
    <h3>On the table</h3>
    ${view.played.length ? html`<div>Cards of the journey awaiting the customs: ${
      view.played.join(" ")}</div>` : ""}
    ${[...view.table, ...extra].map((code) => html`<${Contract} key=${code} view=${view}
      code=${code} beans=${beans} action=${moves.fulfil.get(code)} send=${send} />`)}
  </section>`;
}

// ---- the negotiation ----------------------------------------------------------------

function Stepper({ board, code, value, max, onChange, label }) {
  return html`<span class="hansa-stepper" data-stepper=${`${label}-${code}`}>
    <${Bean} board=${board} code=${code} />
    <button type="button" class="hansa-step" data-step="minus" disabled=${value <= 0}
      onClick=${() => onChange(value - 1)}>−</button>
    <span class="hansa-count">${value}</span>
    <button type="button" class="hansa-step" data-step="plus" disabled=${value >= max}
      onClick=${() => onChange(value + 1)}>+</button>
  </span>`;
}

function DealPanel({ view, me, seats, send }) {
  const targets = send ? dealTargets(view, me) : [];
  const [target, setTarget] = useState(null);
  const [give, setGive] = useState({});
  const [want, setWant] = useState({});
  const [buy, setBuy] = useState({});
  if (!targets.length) return null;
  const board = view.board;
  const order = board.beans.map((b) => b.code);
  const to = targets.includes(target) ? target : targets[0];
  const pending = view.pending;
  const answering = pending && pending.to === me ? pending : null;
  const guest = me === view.active ? to : me;
  const activeCity = view.players[view.active].city;
  const invite = view.players[guest].city !== activeCity;
  const mine = view.players[me].beans;
  const theirs = view.players[to].beans;
  const cityPrices = view.cities[cityIndex(board, activeCity)].prices;
  const head = answering ? `${me}: counter ${answering.pid}` : `${me}: propose ${to}`;
  const notation = dealNotation(head, spread(give, order), spread(want, order), spread(buy, order));
  const set = (setter, state) => (code) => (n) => setter({ ...state, [code]: n });
  const reset = () => { setGive({}); setWant({}); setBuy({}); };
  const kind = invite
    ? `an invitation: ${seatName(seats, guest, me)} comes to ${cityName(board, activeCity)} and plays the front card`
    : "a trade in the same city";
  return html`<section class="hansa-deal" data-testid="deal">
    <h3>${answering ? `Counter proposal ${answering.pid}` : "Propose a deal"}
      <span class="hansa-muted"> ${view.players[me].proposals_left} proposals left</span></h3>
    ${answering ? "" : html`<div class="hansa-deal-to">With: ${targets.map((s) => html`<label
        key=${s}><input type="radio" name="hansa-deal-to" value=${s} checked=${s === to}
        data-target=${s} onChange=${() => { setTarget(s); reset(); }} />${
        ` ${seatName(seats, s, me)} (${view.players[s].city})`}</label>`)}</div>`}
    <div class="hansa-muted">${kind}</div>
    <div class="hansa-deal-line"><span class="hansa-deal-label">You give</span>
      ${order.filter((c) => (mine[c] || 0) > 0).map((c) => html`<${Stepper} key=${c} board=${board}
        code=${c} label="give" value=${give[c] || 0} max=${mine[c]} onChange=${set(setGive, give)(c)} />`)}
    </div>
    <div class="hansa-deal-line"><span class="hansa-deal-label">You want</span>
      ${order.filter((c) => (theirs[c] || 0) > 0).map((c) => html`<${Stepper} key=${c} board=${board}
        code=${c} label="want" value=${want[c] || 0} max=${theirs[c]} onChange=${set(setWant, want)(c)} />`)}
    </div>
    <div class="hansa-deal-line"><span class="hansa-deal-label" title="what the active player buys in the city for the other seat">
      ${seatName(seats, view.active, me)} buys in ${activeCity}</span>
      ${Object.keys(cityPrices).map((c) => html`<${Stepper} key=${c} board=${board} code=${c}
        label="buy" value=${buy[c] || 0} max=${board.storage} onChange=${set(setBuy, buy)(c)} />`)}
    </div>
    <div class="hansa-deal-send">
      <code data-testid="deal-notation">${notation}</code>
      <button type="button" class="hansa-primary" data-testid="deal-send"
        onClick=${() => { send(notation); reset(); }}>${answering ? "Counter" : "Propose"}</button>
      <button type="button" onClick=${reset}>Clear</button>
    </div>
  </section>`;
}

function Negotiation({ view, me, seats, moves, send }) {
  if (view.phase !== "trade") return null;
  const pending = view.pending;
  return html`<section class="hansa-negotiation" data-testid="negotiation">
    <div>Floor: <strong>${seatName(seats, view.floor, me)}</strong>${view.passes
      ? html` <span class="hansa-muted">· ${view.passes} passes since the last proposal</span>` : ""}</div>
    ${pending ? html`<div class="hansa-pending" data-testid="pending">
      ${`Proposal ${pending.pid}, ${seatName(seats, pending.from, me)} to ${
        seatName(seats, pending.to, me)}: ${dealWords(view, pending, seats, me)}`}
      ${moves.answer.map((a) => html` <${ActionButton} key=${a.text} text=${a.text}
        label=${a.verb === "accept" ? "Accept" : "Decline"} send=${send} primary=${a.verb === "accept"} />`)}
    </div>` : ""}
    <${DealPanel} key=${`${view.turn}-${pending ? pending.pid : "none"}-${view.floor}`}
      view=${view} me=${me} seats=${seats} send=${send} />
  </section>`;
}

// ---- the other moves ------------------------------------------------------------------

export function moveLabel(view, text) {
  const board = view.board;
  const m = /^(\d+): (\S+)(?: (.*))?$/.exec(text);
  if (!m) return text;
  const args = m[3] ? m[3].split(" ") : [];
  switch (m[2]) {
    case "sell": return `Sell ${beanName(board, args[0])} (${basePrice(board, args[0])}) for the customs`;
    case "buy-scarce": return `Scarce purchase: ${beanName(board, args[0])}`;
    case "return": return `Return ${beanName(board, args[0])} (make room)`;
    case "pass": return "Pass the floor";
    case "end-trading": return "End trading";
    case "end-turn": return "End the turn";
    case "done": return "Done";
    default: return text;
  }
}

function Begin({ view, moves, send }) {
  if (!moves.begin.length) return null;
  const words = (code) => {
    const c = view.contracts[code];
    return c ? `${code} (${c.city}, ${c.payout}t)` : code;
  };
  return html`<section class="hansa-begin" data-testid="begin">
    <h3>Set-up: fulfil one of your dearest contracts (its payout is your money, its city your
      start); choose which of the other two goes last in your hand</h3>
    ${moves.begin.map((b) => html`<${ActionButton} key=${b.text} text=${b.text} send=${send}
      label=${`Begin with ${words(b.contract)}; ${words(b.last)} last`} primary=${true} />`)}
  </section>`;
}

function Moves({ view, me, moves, send }) {
  const journeys = [...moves.journeys.entries()];
  if (!journeys.length && !moves.stay && !moves.other.length) return null;
  return html`<section class="hansa-moves" data-testid="moves">
    ${journeys.length || moves.stay ? html`<div class="hansa-journeys">
      <strong>Journey</strong> <span class="hansa-muted">(or click a city on the map)</span>:
      ${moves.stay ? html` <${ActionButton} text=${moves.stay} send=${send}
        label=${`Stay (1 card)`} />` : ""}
      ${journeys.map(([dest, j]) => html` <${ActionButton} key=${dest} text=${j.text} send=${send}
        label=${`${dest} (${j.path.length + 1})`} title=${journeyTitle(view, me, dest, j.path)} />`)}
    </div>` : ""}
    ${moves.other.map((text) => html` <${ActionButton} key=${text} text=${text} send=${send}
      label=${moveLabel(view, text)} />`)}
  </section>`;
}

// ---- the status line -------------------------------------------------------------------

const PHASES = {
  setup: "set-up", travel: "journey", customs: "customs", trade: "trade",
  final: "end of the turn", closing: "last contracts", over: "over",
};

export function statusText(view, me, seats) {
  if (view.phase === "over") {
    const r = view.result;
    if (!r) return "The game is over.";
    const who = r.winners.map((s) => seatName(seats, s, me)).join(", ");
    return `The game is over: ${who} ${r.winners.length > 1 ? "share the win" : "wins"}.`;
  }
  const waiting = view.to_act;
  if (me !== null && waiting.includes(me)) {
    if (view.phase === "setup") return "Your set-up: choose your first contract.";
    if (view.phase === "travel") return "Your journey: choose a destination on the map.";
    if (view.phase === "customs") return `Customs: ${view.customs_due} talers still owed; sell a bean.`;
    if (view.phase === "trade") {
      if (view.pending && view.pending.to === me) return "A proposal awaits your answer.";
      return view.active === me ? "Your trade: buy, fulfil, deal, or end trading."
        : "You hold the floor: propose a deal to the active player, or pass.";
    }
    if (view.phase === "final") return "Fulfil your contracts, then end the turn.";
    if (view.phase === "closing") return "Fulfil your last contracts, then done.";
  }
  return `Waiting for ${waiting.map((s) => seatName(seats, s, me)).join(", ")}.`;
}

function Status({ view, me, seats }) {
  const mine = me !== null && view.to_act.includes(me);
  return html`<div class=${`hansa-status${mine ? " hansa-your-turn" : ""}`} data-testid="status">
    <span>Turn ${view.turn}</span>
    ${view.phase === "over" ? "" : html`<span>${view.active === me ? "Your"
      : `${seatName(seats, view.active, me)}'s`} ${PHASES[view.phase] || view.phase}</span>`}
    <span title="Neue-Ernte cards: the pile, and the two set aside">Neue Ernte ${
      view.harvest_pile_size} (+${view.harvest_reserve_size})</span>
    <span>Contracts ${view.contract_pile_size}</span>
    ${view.last_round ? html`<span class="hansa-warn">last round</span>` : ""}
    <strong>${statusText(view, me, seats)}</strong>
  </div>`;
}

function Result({ view, me, seats }) {
  const r = view.result;
  if (!r) return null;
  const order = r.scores.map((score, s) => [score, s]).sort((a, b) => b[0] - a[0]);
  return html`<section class="hansa-result" data-testid="result">
    <h3>${statusText(view, me, seats)}</h3>
    <ol>${order.map(([score, s]) => html`<li key=${s}
      class=${r.winners.includes(s) ? "hansa-winner" : ""}>${seatName(seats, s, me)}: ${score} talers</li>`)}</ol>
  </section>`;
}

// ---- the replay ----------------------------------------------------------------------------

// One view with every hand, from a replay step's views ({"spectator": view, "0": view,
// ...}): the spectator's, each seat's own hand and the contracts it sees added.
export function allHands(views) {
  const base = views.spectator;
  let contracts = { ...base.contracts };
  const players = base.players.map((p) => {
    const own = views[String(p.seat)];
    if (!own) return p;
    contracts = { ...contracts, ...own.contracts };
    return { ...p, hand: own.players[p.seat].hand };
  });
  return { ...base, players, contracts };
}

// ---- the board ---------------------------------------------------------------------------

export function Board({ view, legal, seat, send, seats }) {
  if (!view) return html`<div class="hansa-board">Waiting for the table…</div>`;
  const me = seat === undefined ? null : seat;
  const moves = readMoves(send ? legal : [], me);  // no send: a spectator, or the end
  return html`<div class="hansa-board" data-game="hansa">
    <${Status} view=${view} me=${me} seats=${seats} />
    <div class="hansa-main">
      <div class="hansa-left">
        <${MapView} view=${view} me=${me} seats=${seats} moves=${moves} send=${send} />
        <${Ladders} view=${view} me=${me} moves=${moves} send=${send} />
      </div>
      <div class="hansa-right">
        <${Result} view=${view} me=${me} seats=${seats} />
        <${Begin} view=${view} moves=${moves} send=${send} />
        <${Moves} view=${view} me=${me} moves=${moves} send=${send} />
        <${Negotiation} view=${view} me=${me} seats=${seats} moves=${moves} send=${send} />
        <${Players} view=${view} me=${me} seats=${seats} />
        <${Hand} view=${view} me=${me} moves=${moves} send=${send} />
        <${TableContracts} view=${view} me=${me} moves=${moves} send=${send} />
      </div>
    </div>
  </div>`;
}

export default Board;
