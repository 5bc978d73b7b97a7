// Open negotiation: every open offer side by side, with the answers of the seat looking
// (accept, decline, counter; withdraw its own), and this turn's closed offers.
import { html } from '../../html.js';
import { seatName } from '../../common.js';
import { acceptGives } from './moves.js';
import { Beans } from './cards.js';

export function Offers({ view, seat, seats, legend, moves, send, onCounter }) {
  const trading = view.trading;
  if (!trading) return null;
  return html`<section class="offers" aria-label="Offers">
    <h3>Offers ${trading.floor !== null && trading.floor !== undefined
    ? html`<small>· the floor: ${seatName(seats, trading.floor)}</small>` : ''}</h3>
    ${trading.proposals.length === 0 ? html`<p class="none">No open offer.</p>` : html`
      <ul class="offer-row">${trading.proposals.map((p) => html`<${Offer} key=${p.pid}
        proposal=${p} seat=${seat} seats=${seats} legend=${legend} moves=${moves} send=${send}
        view=${view} onCounter=${onCounter} />`)}</ul>`}
    ${trading.closed.length > 0 && html`<details class="closed-offers">
      <summary>Closed this turn (${trading.closed.length})</summary>
      <ul>${trading.closed.map((p) => html`<li key=${p.pid}>#${p.pid}
        ${seatName(seats, p.from)} → ${seatName(seats, p.to)}: ${p.how}</li>`)}</ul>
    </details>`}
  </section>`;
}

function Offer({ proposal: p, seat, seats, legend, moves, send, view, onCounter }) {
  const accepts = (moves && moves.accept.get(p.pid)) || [];
  const decline = moves && moves.decline.get(p.pid);
  const withdraw = moves && moves.withdraw.get(p.pid);
  const gives = [...p.hand_beans, ...p.face_up_beans];
  const mine = p.from === seat;
  const toMe = p.to === seat;
  return html`<li class=${`offer${toMe ? ' to-me' : ''}${mine ? ' mine' : ''}`} data-pid=${p.pid}
    aria-label=${`offer ${p.pid}`}>
    <div class="offer-head">#${p.pid} ${seatName(seats, p.from)} → ${seatName(seats, p.to)}</div>
    <div class="offer-side"><span class="side-label">gives</span>
      <${Beans} codes=${gives} legend=${legend} empty="nothing" label="given" />
      ${p.face_up_beans.length > 0 && html`<span class="hint">(${p.face_up_beans.length} face-up)</span>`}
      ${p.talers > 0 && html`<span class="talers">+${p.talers} talers</span>`}</div>
    <div class="offer-side"><span class="side-label">wants</span>
      <${Beans} codes=${p.wants} legend=${legend} empty=${gives.length ? 'nothing: a gift' : 'nothing'}
        label="wanted" />
      ${p.wants_talers > 0 && html`<span class="talers">+${p.wants_talers} talers</span>`}</div>
    ${send && html`<div class="offer-moves">
      ${accepts.map((m) => html`<button type="button" class="primary" data-action=${m.text}
        onClick=${() => send(m.text)}>${acceptLabel(m, view, seat, legend, accepts.length)}</button>`)}
      ${decline && html`<button type="button" data-action=${decline.text}
        onClick=${() => send(decline.text)}>Decline</button>`}
      ${toMe && onCounter && html`<button type="button" onClick=${() => onCounter(p)}>Counter…</button>`}
      ${withdraw && html`<button type="button" data-action=${withdraw.text}
        onClick=${() => send(withdraw.text)}>Withdraw</button>`}
    </div>`}
  </li>`;
}

/** "Accept" or, when the cards given can be chosen, "Accept: give Rote (card 3)". */
function acceptLabel(move, view, seat, legend, variants) {
  const refs = acceptGives(move);
  if (!refs.length) return 'Accept';
  const hand = view.players[seat].hand || [];
  const named = refs.map((ref) => {
    const n = Number(ref.slice(1));
    if (ref[0] === 'h') return `${name(hand[n], legend)} (card ${n + 1})`;
    if (ref[0] === 'f') return `face-up ${name(view.face_up[n], legend)}`;
    return `${n} talers`;
  });
  return variants > 1 ? `Accept: give ${named.join(', ')}` : `Accept (give ${named.join(', ')})`;
}

const name = (code, legend) => (legend[code] ? legend[code].name : code || '?');
