// Bohn Hansa's negotiation: the floor, the proposal pending with its answers, and the
// deal panel that composes a proposal or a counter (an invitation to the active
// player's city, or a trade in the same city) in the game's notation.
import { html, useState } from '../../html.js';
import { seatName } from '../../common.js';
import { dealNotation, dealTargets, spread } from './moves.js';
import { ActionButton, Bean } from './pieces.js';
import { cityIndex, cityName, dealWords } from './words.js';

function Stepper({ board, code, value, max, onChange, label }) {
  return html`<span class="hansa-stepper" data-stepper=${`${label}-${code}`}>
    <${Bean} board=${board} code=${code} />
    <button type="button" class="hansa-step" data-step="minus" disabled=${value <= 0}
      aria-label=${`${label} one ${code} less`} onClick=${() => onChange(value - 1)}>−</button>
    <span class="hansa-count">${value}</span>
    <button type="button" class="hansa-step" data-step="plus" disabled=${value >= max}
      aria-label=${`${label} one ${code} more`} onClick=${() => onChange(value + 1)}>+</button>
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
  const reset = () => {
    setGive({});
    setWant({});
    setBuy({});
  };
  const kind = invite
    ? `an invitation: ${seatName(seats, guest, me)} comes to ${cityName(board, activeCity)} and plays the front card`
    : 'a trade in the same city';
  return html`<section class="hansa-deal" data-testid="deal">
    <h3>${answering ? `Counter proposal ${answering.pid}` : 'Propose a deal'}
      <span class="hansa-muted"> ${view.players[me].proposals_left} proposals left</span></h3>
    ${
      answering
        ? ''
        : html`<div class="hansa-deal-to">With: ${targets.map(
            (s) => html`<label
        key=${s}><input type="radio" name="hansa-deal-to" value=${s} checked=${s === to}
        data-target=${s} onChange=${() => {
          setTarget(s);
          reset();
        }} />${` ${seatName(seats, s, me)} (${view.players[s].city})`}</label>`,
          )}</div>`
    }
    <div class="hansa-muted">${kind}</div>
    <div class="hansa-deal-line"><span class="hansa-deal-label">You give</span>
      ${order
        .filter((c) => (mine[c] || 0) > 0)
        .map(
          (c) => html`<${Stepper} key=${c} board=${board}
        code=${c} label="give" value=${give[c] || 0} max=${mine[c]} onChange=${set(setGive, give)(c)} />`,
        )}
    </div>
    <div class="hansa-deal-line"><span class="hansa-deal-label">You want</span>
      ${order
        .filter((c) => (theirs[c] || 0) > 0)
        .map(
          (c) => html`<${Stepper} key=${c} board=${board}
        code=${c} label="want" value=${want[c] || 0} max=${theirs[c]} onChange=${set(setWant, want)(c)} />`,
        )}
    </div>
    <div class="hansa-deal-line"><span class="hansa-deal-label" title="what the active player buys in the city for the other seat">
      ${seatName(seats, view.active, me)} buys in ${activeCity}</span>
      ${Object.keys(cityPrices).map(
        (c) => html`<${Stepper} key=${c} board=${board} code=${c}
        label="buy" value=${buy[c] || 0} max=${board.storage} onChange=${set(setBuy, buy)(c)} />`,
      )}
    </div>
    <div class="hansa-deal-send">
      <code data-testid="deal-notation">${notation}</code>
      <button type="button" class="hansa-primary" data-testid="deal-send"
        onClick=${() => {
          send(notation);
          reset();
        }}>${answering ? 'Counter' : 'Propose'}</button>
      <button type="button" onClick=${reset}>Clear</button>
    </div>
  </section>`;
}

export function Negotiation({ view, me, seats, moves, send }) {
  if (view.phase !== 'trade') return null;
  const pending = view.pending;
  return html`<section class="hansa-negotiation" data-testid="negotiation">
    <div>Floor: <strong>${seatName(seats, view.floor, me)}</strong>${
      view.passes
        ? html` <span class="hansa-muted">· ${view.passes} passes since the last proposal</span>`
        : ''
    }</div>
    ${
      pending
        ? html`<div class="hansa-pending" data-testid="pending">
      ${`Proposal ${pending.pid}, ${seatName(seats, pending.from, me)} to ${seatName(
        seats,
        pending.to,
        me,
      )}: ${dealWords(view, pending, seats, me)}`}
      ${moves.answer.map(
        (a) => html` <${ActionButton} key=${a.text} text=${a.text}
        label=${a.verb === 'accept' ? 'Accept' : 'Decline'} send=${send} primary=${a.verb === 'accept'} />`,
      )}
    </div>`
        : ''
    }
    <${DealPanel} key=${`${view.turn}-${pending ? pending.pid : 'none'}-${view.floor}`}
      view=${view} me=${me} seats=${seats} send=${send} />
  </section>`;
}
