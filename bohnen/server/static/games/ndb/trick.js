// The trick of Nicht die Bohne!: a place per seat from the token holder on, the cards
// played face down shown as backs until the reveal, then taken along the chain.
import { html } from '../../html.js';
import { seatName } from '../../common.js';
import { Back, Card, Empty } from './cards.js';
import { takers } from './moves.js';

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
  let note = '';
  if (!played) {
    card = html`<${Empty} />`;
    note = view.phase === 'play' && view.to_act.includes(owner) ? 'to play' : '';
  } else if (code === null) {
    card = html`<${Back} />`;
    note = 'face down';
  } else {
    const hidden = view.phase === 'play' && owner !== view.token;
    const action = moves.takes.get(owner);
    card = html`<${Card} code=${code} legend=${legend} action=${action} send=${send}
      extra=${`${hidden ? 'ndb-mine-down' : ''}${view.phase === 'take' ? ' ndb-revealed' : ''}${
        taken ? ' ndb-taken' : ''
      }`} />`;
    if (hidden) note = 'face down (only you see it)';
    if (taken) note = `taken by ${seatName(seats, takenBy.get(owner), me)}`;
  }
  const token = owner === view.token;
  return html`<div class=${`ndb-slot${token ? ' ndb-slot-token' : ''}`} data-seat=${owner}>
    <div class="ndb-slot-name">${token ? html`<span class="ndb-token" title="the token">◆</span> ` : ''}${seatName(
      seats,
      owner,
      me,
    )}</div>
    ${card}
    <div class="ndb-slot-note">${note}</div>
  </div>`;
}

export function Trick({ view, me, seats, moves, send }) {
  const takenBy = takers(view);
  const revealed = view.phase === 'take';
  let heading = `Trick ${view.turn}`;
  if (view.phase === 'lead') heading += ': the token holder leads';
  if (view.phase === 'play') heading += ': the others play face down';
  if (revealed) heading += ': the cards are turned up';
  return html`<section class=${`ndb-trick${revealed ? ' ndb-trick-revealed' : ''}`}
      key=${`trick-${view.turn}-${revealed}`}>
    <h3>${heading}</h3>
    <div class="ndb-slots">
      ${trickOrder(view).map(
        (owner) => html`<${TrickSlot} view=${view} owner=${owner} me=${me}
        seats=${seats} moves=${moves} send=${send} takenBy=${takenBy} key=${owner} />`,
      )}
    </div>
  </section>`;
}
