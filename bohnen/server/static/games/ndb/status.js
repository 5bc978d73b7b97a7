// The status line of Nicht die Bohne!: round, trick, the token, and what the seat
// looking is to do now or whom the game waits on.
import { html } from '../../html.js';
import { resultLine, seatName, seatNames } from '../../common.js';

export function statusText(view, me, seats) {
  if (view.phase === 'over') {
    return view.result ? `${resultLine(view.result, seats, me)}.` : 'The game is over.';
  }
  const waiting = view.to_act;
  const mine = me !== null && waiting.includes(me);
  if (view.phase === 'lead') {
    return mine
      ? 'Your lead: play a card face up.'
      : `${seatName(seats, view.token, me)} leads the trick.`;
  }
  if (view.phase === 'play') {
    if (mine) return 'Play a card face down.';
    return `Waiting for ${seatNames(seats, waiting, me)} to play face down.`;
  }
  if (mine) return 'Take a card of the trick (not your own, not the token card).';
  return `${seatNames(seats, waiting, me)} takes a card.`;
}

export function Status({ view, me, seats }) {
  const mine = me !== null && view.to_act.includes(me);
  return html`<div class=${`ndb-status${mine ? ' ndb-your-turn' : ''}`} data-testid="status">
    <span>Round ${view.round} of ${view.options.rounds}</span>
    <span>Trick ${view.turn}</span>
    <span><span class="ndb-token">◆</span> ${seatName(seats, view.token, me)}</span>
    <strong>${statusText(view, me, seats)}</strong>
  </div>`;
}
