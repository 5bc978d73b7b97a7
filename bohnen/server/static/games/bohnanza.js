// The Bohnanza table: every seat's fields (each with its beanometer), talers and trade
// area; my hand in its order; the draw pile, run-outs, discard and face-up cards; the
// open offers side by side; the proposal composer; and the legal moves as buttons.
import { html, useEffect, useState } from '../html.js';
import { seatName } from '../common.js';
import { sortMoves } from './bohnanza/moves.js';
import { Backs, Bean, Beans, legendOf } from './bohnanza/cards.js';
import { Fields } from './bohnanza/fields.js';
import { Offers } from './bohnanza/offers.js';
import { Composer } from './bohnanza/compose.js';

export const stylesheet = new URL('./bohnanza.css', import.meta.url).href;

/** For the replay of a finished game: the table with every seat's hand, taken from the
 * seats' own views. */
export function allHands(views) {
  const table = views.spectator;
  return { ...table, players: table.players.map((p) => {
    const own = views[String(p.seat)];
    return own ? { ...p, hand: own.players[p.seat].hand } : p;
  }) };
}

const PHASES = { plant: 'Planting', trade: 'Trading', plant_traded: 'Planting traded beans',
  over: 'Game over' };

export function Board({ view, legal, seat, send, seats }) {
  const legend = legendOf(view);
  const moves = sortMoves(legal || []);
  const [counter, setCounter] = useState(null);
  const [composing, setComposing] = useState(false);
  const open = view.trading ? view.trading.proposals : [];
  useEffect(() => {  // a counter to an offer that closed is dropped
    if (counter && !open.some((p) => p.pid === counter.pid)) setCounter(null);
  }, [open.map((p) => p.pid).join(','), counter]);
  const seated = seat !== null && seat !== undefined;
  const me = seated ? view.players[seat] : null;
  const others = seated
    ? [...view.players.slice(seat + 1), ...view.players.slice(0, seat)] : view.players;
  return html`<section class="bohnanza" aria-label="Bohnanza table" data-phase=${view.phase}>
    <${Status} view=${view} seats=${seats} />
    <div class="players">${others.map((p) => html`<${Player} key=${p.seat} player=${p}
      view=${view} legend=${legend} seats=${seats} />`)}</div>
    <div class="middle">
      <${Centre} view=${view} legend=${legend} />
      ${send && html`<${Moves} moves=${moves} send=${send}>
        ${me && mayPropose(view, seat) && !counter && html`<button type="button"
          aria-expanded=${composing ? 'true' : 'false'} onClick=${() => setComposing(!composing)}>
          ${composing ? 'Close the proposal' : 'Propose a trade…'}</button>`}
      <//>`}
    </div>
    ${view.trading && html`<${Offers} view=${view} seat=${seated ? seat : null} seats=${seats}
      legend=${legend} moves=${moves} send=${send} onCounter=${send ? setCounter : null} />`}
    ${send && me && (counter || (composing && mayPropose(view, seat))) && html`<${Composer}
      view=${view} seat=${seat} seats=${seats} legend=${legend} send=${send} counter=${counter}
      onDone=${() => (counter ? setCounter(null) : setComposing(false))} />`}
    ${me && html`<${Mine} player=${me} view=${view} legend=${legend} moves=${moves}
      send=${send} seats=${seats} />`}
  </section>`;
}

/** A seat may start a proposal in trading: anyone in open trading, the floor otherwise;
 * not once its proposals for the turn are used up. */
function mayPropose(view, seat) {
  if (view.phase !== 'trade' || !view.trading) return false;
  if (view.players[seat].proposals_left === 0) return false;
  if (view.options.trading === 'open') return true;
  return view.trading.floor === seat && view.trading.proposals.length === 0;
}

function Status({ view, seats }) {
  const waiting = (view.to_act || []).map((s) => seatName(seats, s));
  return html`<div class="status-bar" role="status" aria-label="Where the game stands">
    <span>Turn ${view.turn}</span>
    <span class="phase">${PHASES[view.phase] || view.phase}${view.phase === 'trade'
    ? ` (${view.options.trading === 'open' ? 'open' : 'turn by turn'})` : ''}</span>
    <span>${seatName(seats, view.active)}'s turn</span>
    ${waiting.length > 0 && view.phase !== 'over'
      && html`<span class="waiting">${`waiting for ${waiting.join(', ')}`}</span>`}
  </div>`;
}

function Centre({ view, legend }) {
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  return html`<div class="centre" aria-label="The table's cards">
    <div class="pile"><span class="label">Draw pile</span><${Backs} count=${view.draw_pile_size}
      label="cards in the draw pile" /></div>
    <div class="pile"><span class="label">Run-outs</span>
      <span class="runouts" aria-label=${`${view.runouts} of 3 run-outs`}>${view.runouts} of 3</span>
      ${view.last_runout_reached && html`<span class="hint">last turn</span>`}</div>
    <div class="pile discard"><span class="label">Discard (${view.discard.length})</span>
      ${top ? html`<${Bean} code=${top} legend=${legend} small=${true} />` : html`<span class="none">empty</span>`}</div>
    <div class="pile face-up"><span class="label">Face-up</span>
      ${view.face_up.length ? view.face_up.map((code, i) => html`<${Bean} key=${i} code=${code}
        legend=${legend} note=${`f${i}`} small=${true} />`) : html`<span class="none">none</span>`}</div>
  </div>`;
}

const talers = (n) => `${n} ${n === 1 ? 'taler' : 'talers'}`;

const GENERAL = { 'end-planting': 'End planting', 'close-trading': 'Close trading',
  pass: 'Pass the floor' };

/** The moves that belong to no field nor offer (buying the third field is by the fields). */
function Moves({ moves, send, children }) {
  const general = moves.general.filter((m) => m.verb !== 'buy-field');
  return html`<div class="moves" role="group" aria-label="Moves">
    ${general.map((m) => html`<button type="button" class="primary" data-action=${m.text}
      onClick=${() => send(m.text)}>${GENERAL[m.verb] || m.text}</button>`)}
    ${children}
  </div>`;
}

/** Another seat (or any seat, for a spectator). */
function Player({ player, view, legend, seats }) {
  const active = player.seat === view.active;
  return html`<article class=${`player${active ? ' active' : ''}`} data-seat=${player.seat}
    aria-label=${seatName(seats, player.seat)}>
    <header><b>${seatName(seats, player.seat)}</b>${active && html` <span class="badge">turn</span>`}
      <span class="talers">${talers(player.talers)}</span></header>
    <div class="hand-line">${player.hand
    ? html`<${Beans} codes=${player.hand} legend=${legend} label="hand" />`
    : html`<${Backs} count=${player.hand_size} />`}</div>
    <${Fields} player=${player} legend=${legend} moves=${null} send=${null}
      cost=${view.third_field_cost} compact=${true} />
    ${player.trade_area.length > 0 && html`<div class="trade-area"><span class="label">to plant</span>
      <${Beans} codes=${player.trade_area} legend=${legend} label="trade area" /></div>`}
  </article>`;
}

/** My seat: fields with their moves, trade area, talers and the hand in its order. */
function Mine({ player, view, legend, moves, send, seats }) {
  const hand = player.hand || [];
  return html`<article class=${`player mine${player.seat === view.active ? ' active' : ''}`}
    data-seat=${player.seat} aria-label="My seat">
    <header><b>${seatName(seats, player.seat)} (you)</b>
      ${player.seat === view.active && html` <span class="badge">your turn</span>`}
      <span class="talers">${talers(player.talers)}</span></header>
    <div class="mine-body">
      <${Fields} player=${player} legend=${legend} moves=${moves} send=${send}
        cost=${view.third_field_cost} />
      <div class="mine-cards">
        <div class="hand" aria-label="My hand, front card first">
          <span class="label">Hand (${hand.length})</span>
          <ol class="hand-cards">${hand.map((code, i) => html`<li key=${i}>
            <${Bean} code=${code} legend=${legend} note=${i === 0 ? 'front' : String(i + 1)} /></li>`)}
          </ol>
        </div>
        ${player.trade_area.length > 0 && html`<div class="trade-area"><span class="label">Traded,
          to plant</span><${Beans} codes=${player.trade_area} legend=${legend} label="trade area" />
        </div>`}
      </div>
    </div>
  </article>`;
}
