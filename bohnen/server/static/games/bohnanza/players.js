// The seats at the Bohnanza table: another seat (fields, talers, hand as backs, trade
// area), and my seat (fields with their moves, the hand in its order, the trade area).
import { html } from '../../html.js';
import { seatName } from '../../common.js';
import { Backs, Bean, Beans } from './cards.js';
import { Fields } from './fields.js';

const talers = (n) => `${n} ${n === 1 ? 'taler' : 'talers'}`;

/** Another seat (or any seat, for a spectator). */
export function Player({ player, view, legend, seats }) {
  const active = player.seat === view.active;
  return html`<article class=${`player${active ? ' active' : ''}`} data-seat=${player.seat}
    aria-label=${seatName(seats, player.seat)}>
    <header><b>${seatName(seats, player.seat)}</b>${active && html` <span class="badge">turn</span>`}
      <span class="talers">${talers(player.talers)}</span></header>
    <div class="hand-line">${
      player.hand
        ? html`<${Beans} codes=${player.hand} legend=${legend} label="hand" />`
        : html`<${Backs} count=${player.hand_size} />`
    }</div>
    <${Fields} player=${player} legend=${legend} moves=${null} send=${null}
      cost=${view.third_field_cost} compact=${true} />
    ${
      player.trade_area.length > 0 &&
      html`<div class="trade-area"><span class="label">to plant</span>
      <${Beans} codes=${player.trade_area} legend=${legend} label="trade area" /></div>`
    }
  </article>`;
}

/** My seat: fields with their moves, trade area, talers and the hand in its order. */
export function Mine({ player, view, legend, moves, send, seats }) {
  const hand = player.hand || [];
  return html`<article class=${`player mine${player.seat === view.active ? ' active' : ''}`}
    data-seat=${player.seat} aria-label="My seat">
    <header><b>${seatName(seats, player.seat, player.seat)}</b>
      ${player.seat === view.active && html` <span class="badge">your turn</span>`}
      <span class="talers">${talers(player.talers)}</span></header>
    <div class="mine-body">
      <${Fields} player=${player} legend=${legend} moves=${moves} send=${send}
        cost=${view.third_field_cost} />
      <div class="mine-cards">
        <div class="hand" aria-label="My hand, front card first">
          <span class="label">Hand (${hand.length})</span>
          <ol class="hand-cards">${hand.map(
            (code, i) => html`<li key=${i}>
            <${Bean} code=${code} legend=${legend} note=${i === 0 ? 'front' : String(i + 1)} /></li>`,
          )}
          </ol>
        </div>
        ${
          player.trade_area.length > 0 &&
          html`<div class="trade-area"><span class="label">Traded,
          to plant</span><${Beans} codes=${player.trade_area} legend=${legend} label="trade area" />
        </div>`
        }
      </div>
    </div>
  </article>`;
}
