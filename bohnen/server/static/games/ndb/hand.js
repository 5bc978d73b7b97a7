// The seat's hand of Nicht die Bohne! (a card is clickable when playing it is a legal
// move) and any other legal move as a plain button, labelled by its text.
import { html } from '../../html.js';
import { Card } from './cards.js';

export function Hand({ view, me, moves, send }) {
  if (me === null) return null;
  const hand = view.players[me].hand || [];
  const how = view.phase === 'lead' ? 'face up' : 'face down';
  const can = moves.plays.size > 0;
  return html`<section class="ndb-hand" data-testid="hand">
    <h3>Your hand (${hand.length})${can ? html` · click a card to play it ${how}` : ''}</h3>
    <div class="ndb-cards">
      ${hand.map(
        (code, i) => html`<${Card} key=${`${code}-${i}`} code=${code}
        legend=${view.legend} action=${moves.plays.get(code)} send=${send} />`,
      )}
    </div>
  </section>`;
}

export function OtherMoves({ moves, send }) {
  if (!moves.other.length) return null;
  return html`<section class="ndb-moves"><h3>Moves</h3>
    ${moves.other.map(
      (move) => html`<button type="button" key=${move.notation} data-action=${move.notation}
      onClick=${() => send(move.action)}>${move.text}</button>`,
    )}
  </section>`;
}
