// The seat's turn in Bohn Hansa: the status line (what to do now, or whom the game waits
// on), the set-up's choice of a first contract, and the moves shown as buttons (the
// journeys by destination, also clickable on the map, and the rest).
import { html } from '../../html.js';
import { seatName } from '../../common.js';
import { ActionButton } from './pieces.js';
import { journeyTitle, PHASES, statusText } from './words.js';

export function Status({ view, me, seats }) {
  const mine = me !== null && view.to_act.includes(me);
  return html`<div class=${`hansa-status${mine ? ' hansa-your-turn' : ''}`} data-testid="status">
    <span>Turn ${view.turn}</span>
    ${
      view.phase === 'over'
        ? ''
        : html`<span>${
            view.active === me ? 'Your' : `${seatName(seats, view.active, me)}'s`
          } ${PHASES[view.phase] || view.phase}</span>`
    }
    <span title="Neue-Ernte cards: the pile, and the two set aside">Neue Ernte ${
      view.harvest_pile_size
    } (+${view.harvest_reserve_size})</span>
    <span>Contracts ${view.contract_pile_size}</span>
    ${view.last_round ? html`<span class="hansa-warn">last round</span>` : ''}
    <strong>${statusText(view, me, seats)}</strong>
  </div>`;
}

export function Begin({ view, moves, send }) {
  if (!moves.begin.length) return null;
  const words = (code) => {
    const c = view.contracts[code];
    return c ? `${code} (${c.city}, ${c.payout}t)` : code;
  };
  return html`<section class="hansa-begin" data-testid="begin">
    <h3>Set-up: fulfil one of your dearest contracts (its payout is your money, its city your
      start); choose which of the other two goes last in your hand</h3>
    ${moves.begin.map(
      (b) => html`<${ActionButton} key=${b.notation} move=${b} send=${send}
      label=${`Begin with ${words(b.action.contract)}; ${words(b.action.last)} last`} primary=${true} />`,
    )}
  </section>`;
}

export function Moves({ view, me, moves, send }) {
  const journeys = [...moves.journeys.entries()];
  if (!journeys.length && !moves.stay && !moves.other.length) return null;
  return html`<section class="hansa-moves" data-testid="moves">
    ${
      journeys.length || moves.stay
        ? html`<div class="hansa-journeys">
      <strong>Journey</strong> <span class="hansa-muted">(or click a city on the map)</span>:
      ${
        moves.stay
          ? html` <${ActionButton} move=${moves.stay} send=${send}
        label=${'Stay (1 card)'} />`
          : ''
      }
      ${journeys.map(
        ([dest, j]) => html` <${ActionButton} key=${dest} move=${j} send=${send}
        label=${`${dest} (${j.action.path.length + 1})`}
        title=${journeyTitle(view, me, dest, j.action.path)} />`,
      )}
    </div>`
        : ''
    }
    ${moves.other.map(
      (move) => html` <${ActionButton} key=${move.notation} move=${move} send=${send} />`,
    )}
  </section>`;
}
