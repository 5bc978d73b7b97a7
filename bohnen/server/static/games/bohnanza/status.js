// Where the game stands (turn, phase, whose turn, whom the game waits on), the middle of
// the table (draw pile, run-outs, discard, face-up cards) and the moves that belong to
// no field nor offer.
import { html } from '../../html.js';
import { seatName, seatNames } from '../../common.js';
import { Backs, Bean } from './cards.js';

const PHASES = {
  plant: 'Planting',
  trade: 'Trading',
  plant_traded: 'Planting traded beans',
  over: 'Game over',
};

/** `waiting`: the seats the game cannot go on without (the view frame's `must_act`). */
export function Status({ view, seats, me, waiting }) {
  return html`<div class="status-bar" role="status" aria-label="Where the game stands">
    <span>Turn ${view.turn}</span>
    <span class="phase">${PHASES[view.phase] || view.phase}${
      view.phase === 'trade'
        ? ` (${view.options.trading === 'open' ? 'open' : 'turn by turn'})`
        : ''
    }</span>
    <span>${seatName(seats, view.active)}'s turn</span>
    ${
      waiting.length > 0 &&
      view.phase !== 'over' &&
      html`<span class="waiting">${`waiting for ${seatNames(seats, waiting, me)}`}</span>`
    }
  </div>`;
}

export function Centre({ view, legend }) {
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
      ${
        view.face_up.length
          ? view.face_up.map(
              (code, i) => html`<${Bean} key=${i} code=${code}
        legend=${legend} note=${`f${i}`} small=${true} />`,
            )
          : html`<span class="none">none</span>`
      }</div>
  </div>`;
}

/** The moves that belong to no field nor offer (buying the third field is by the fields),
 * each labelled with its text. */
export function Moves({ moves, send, children }) {
  return html`<div class="moves" role="group" aria-label="Moves">
    ${moves.general.map(
      (m) => html`<button type="button" class="primary" data-action=${m.notation}
      onClick=${() => send(m.action)}>${m.text}</button>`,
    )}
    ${children}
  </div>`;
}
