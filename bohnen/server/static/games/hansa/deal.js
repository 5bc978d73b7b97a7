// Bohn Hansa's negotiation: the floor, the proposal pending with its answers, and the
// deal panel that composes a proposal or a counter (an invitation to the active
// player's city, or a trade in the same city) within the view frame's terms, sent as
// the engine's JSON.
import { html, useState } from '../../html.js';
import { seatName } from '../../common.js';
import { dealAction, spread } from './moves.js';
import { ActionButton, Bean } from './pieces.js';
import { cityName, dealWords } from './words.js';

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

const bound = (most) => (most === null ? Infinity : most);

/** A deal composed, in words, as a pending proposal's are written. */
function composedWords(view, action, target, guest, seats, me) {
  const mineActive = me === view.active;
  const deal = {
    from: me,
    to: target.seat,
    guest,
    invite: target.invite,
    active_gives: mineActive ? action.give : action.want,
    guest_gives: mineActive ? action.want : action.give,
    active_buys: action.buy,
  };
  return dealWords(view, deal, seats, me);
}

/** The deal panel: its seats, what may be given, wanted and bought, and how many of
 * each, all from `terms` (State.proposal_terms). */
function DealPanel({ view, me, seats, terms, send }) {
  const targets = send && terms ? terms.targets : [];
  const [chosen, setTarget] = useState(null);
  const [give, setGive] = useState({});
  const [want, setWant] = useState({});
  const [buy, setBuy] = useState({});
  if (!targets.length) return null;
  const board = view.board;
  const order = board.beans.map((b) => b.code);
  const target = targets.find((t) => t.seat === chosen) || targets[0];
  const to = target.seat;
  const answering = target.pid !== null;
  const guest = me === view.active ? to : me;
  const activeCity = view.players[view.active].city;
  const action = dealAction(
    me,
    target,
    spread(give, order),
    spread(want, order),
    spread(buy, order),
  );
  const set = (setter, state) => (code) => (n) => setter({ ...state, [code]: n });
  const reset = () => {
    setGive({});
    setWant({});
    setBuy({});
  };
  const kind = target.invite
    ? `an invitation: ${seatName(seats, guest, me)} comes to ${cityName(board, activeCity)} and plays the front card`
    : 'a trade in the same city';
  return html`<section class="hansa-deal" data-testid="deal">
    <h3>${answering ? `Counter proposal ${target.pid}` : 'Propose a deal'}
      ${
        terms.left !== null && html`<span class="hansa-muted"> ${terms.left} proposals left</span>`
      }</h3>
    ${
      answering
        ? ''
        : html`<div class="hansa-deal-to">With: ${targets.map(
            ({ seat: s }) => html`<label
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
        .filter((c) => c in terms.give)
        .map(
          (c) => html`<${Stepper} key=${c} board=${board}
        code=${c} label="give" value=${give[c] || 0} max=${terms.give[c]} onChange=${set(setGive, give)(c)} />`,
        )}
    </div>
    <div class="hansa-deal-line"><span class="hansa-deal-label">You want</span>
      ${order
        .filter((c) => c in terms.want)
        .map(
          (c) => html`<${Stepper} key=${c} board=${board}
        code=${c} label="want" value=${want[c] || 0} max=${bound(terms.want[c])}
        onChange=${set(setWant, want)(c)} />`,
        )}
    </div>
    <div class="hansa-deal-line"><span class="hansa-deal-label" title="what the active player buys in the city for the other seat">
      ${seatName(seats, view.active, me)} buys in ${activeCity}</span>
      ${order
        .filter((c) => c in terms.buy)
        .map(
          (c) => html`<${Stepper} key=${c} board=${board} code=${c}
        label="buy" value=${buy[c] || 0} max=${terms.buy[c]} onChange=${set(setBuy, buy)(c)} />`,
        )}
    </div>
    <div class="hansa-deal-send">
      <span data-testid="deal-words">${action ? composedWords(view, action, target, guest, seats, me) : 'choose beans'}</span>
      <button type="button" class="hansa-primary" data-testid="deal-send" disabled=${!action}
        onClick=${() => {
          if (send(action) !== false) reset();
        }}>${answering ? 'Counter' : 'Propose'}</button>
      <button type="button" onClick=${reset}>Clear</button>
    </div>
  </section>`;
}

export function Negotiation({ view, me, seats, moves, terms, send }) {
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
        (a) => html` <${ActionButton} key=${a.notation} move=${a}
        label=${a.action.type === 'accept' ? 'Accept' : 'Decline'} send=${send}
        primary=${a.action.type === 'accept'} />`,
      )}
    </div>`
        : ''
    }
    <${DealPanel} key=${`${view.turn}-${pending ? pending.pid : 'none'}-${view.floor}`}
      view=${view} me=${me} seats=${seats} terms=${terms} send=${send} />
  </section>`;
}
