// Open negotiation: every open offer side by side, with the answers of the seat looking
// (accept, decline, counter; withdraw its own), and this turn's closed offers.
import { html, useState } from '../../html.js';
import { seatName } from '../../common.js';
import { Beans } from './cards.js';

const MAX_ACCEPT_BUTTONS = 3; // more ways to pay for an offer: a list to choose from

export function Offers({ view, seat, seats, legend, moves, send, mayCounter, onCounter }) {
  const trading = view.trading;
  if (!trading) return null;
  return html`<section class="offers" aria-label="Offers">
    <h3>Offers ${
      trading.floor !== null && trading.floor !== undefined
        ? html`<small>· the floor: ${seatName(seats, trading.floor)}</small>`
        : ''
    }</h3>
    ${
      trading.proposals.length === 0
        ? html`<p class="none">No open offer.</p>`
        : html`
      <ul class="offer-row">${trading.proposals.map(
        (p) => html`<${Offer} key=${p.pid}
        proposal=${p} seat=${seat} seats=${seats} legend=${legend} moves=${moves} send=${send}
        view=${view} onCounter=${onCounter && mayCounter(p.pid) ? onCounter : null} />`,
      )}</ul>`
    }
    ${
      trading.closed.length > 0 &&
      html`<details class="closed-offers">
      <summary>Closed this turn (${trading.closed.length})</summary>
      <ul>${trading.closed.map(
        (p) => html`<li key=${p.pid}>#${p.pid}
        ${seatName(seats, p.from)} → ${seatName(seats, p.to)}: ${p.how}</li>`,
      )}</ul>
    </details>`
    }
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
    ${
      send &&
      html`<div class="offer-moves">
      ${
        accepts.length > MAX_ACCEPT_BUTTONS
          ? html`<${AcceptChoice} moves=${accepts} view=${view} seat=${seat} legend=${legend} send=${send} />`
          : accepts.map(
              (m) => html`<button type="button" class="primary" data-action=${m.notation}
        title=${m.text} onClick=${() => send(m.action)}>${acceptLabel(m, view, seat, legend, accepts.length)}</button>`,
            )
      }
      ${
        decline &&
        html`<button type="button" data-action=${decline.notation}
        title=${decline.text} onClick=${() => send(decline.action)}>Decline</button>`
      }
      ${onCounter && html`<button type="button" onClick=${() => onCounter(p)}>Counter…</button>`}
      ${
        withdraw &&
        html`<button type="button" data-action=${withdraw.notation}
        title=${withdraw.text} onClick=${() => send(withdraw.action)}>Withdraw</button>`
      }
    </div>`
    }
  </li>`;
}

/** Many ways to pay for an offer: the cards to give chosen in a list, then Accept. */
function AcceptChoice({ moves, view, seat, legend, send }) {
  const [chosen, setChosen] = useState(0);
  const move = moves[chosen] || moves[0];
  return html`<label>Cards to give <select value=${String(moves.indexOf(move))}
      onChange=${(e) => setChosen(Number(e.target.value))}>
      ${moves.map((m, i) => html`<option value=${String(i)}>${givesText(m, view, seat, legend)}</option>`)}
    </select></label>
    <button type="button" class="primary" data-action=${move.notation}
      title=${move.text} onClick=${() => send(move.action)}>Accept</button>`;
}

/** "Accept" or, when the cards given can be chosen, "Accept: give Rote (card 3)". */
function acceptLabel(move, view, seat, legend, variants) {
  const gives = givesText(move, view, seat, legend);
  if (!gives) return 'Accept';
  return variants > 1 ? `Accept: give ${gives}` : `Accept (give ${gives})`;
}

/** The cards an accept move gives, by name and place: "Rote (card 3), face-up Soja". */
function givesText(move, view, seat, legend) {
  const hand = view.players[seat].hand || [];
  const { hand: cards = [], face_up: faceUp = [] } = move.action;
  return [
    ...cards.map((n) => `${name(hand[n], legend)} (card ${n + 1})`),
    ...faceUp.map((n) => `face-up ${name(view.face_up[n], legend)}`),
  ].join(', ');
}

const name = (code, legend) => (legend[code] ? legend[code].name : code || '?');
