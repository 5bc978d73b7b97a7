// The price ladders of Bohn Hansa: each city's slots (bottom slot first) with the beans
// on them, purchases clickable on the active city's ladder, the prices now, and the
// supply.
import { html } from '../../html.js';
import { Bean } from './pieces.js';
import { beanName } from './words.js';

function Slot({ board, city, k, slot, free, moves, send, active }) {
  const prices = Object.entries(city.ladder[k])
    .map(([b, v]) => `${b} ${v}`)
    .join(', ');
  if (!slot) {
    return html`<td class=${`hansa-slot${free ? ' hansa-slot-free' : ''}`}
      title=${`slot ${k + 1}: ${prices}`}></td>`;
  }
  const action = active ? moves.buys.get(`${slot.bean} ${k + 1}`) : null;
  return html`<td class="hansa-slot" title=${`slot ${k + 1}: ${prices}`}>
    <${Bean} board=${board} code=${slot.bean} count=${slot.count} action=${action}
      send=${send} title=${`${beanName(board, slot.bean)} on slot ${k + 1}`} /></td>`;
}

export function Ladders({ view, me, moves, send }) {
  const board = view.board;
  const most = Math.max(...board.cities.map((c) => c.ladder.length));
  const myCity = me === null ? null : view.players[me].city;
  const activeCity = view.players[view.active].city;
  return html`<section class="hansa-ladders" data-testid="ladders">
    <h3>Ladders <span class="hansa-muted">bottom slot first; prices now</span></h3>
    <table>
      <tbody>
        ${board.cities.map((c, i) => {
          const slots = view.ladders[c.code];
          const now = view.cities[i];
          const mark =
            c.code === activeCity
              ? ' hansa-row-active'
              : c.code === myCity
                ? ' hansa-row-mine'
                : '';
          return html`<tr key=${c.code} data-ladder=${c.code} class=${mark}>
            <th title=${c.name}>${c.code}</th>
            ${Array.from({ length: most }, (_, k) =>
              k >= slots.length
                ? html`<td key=${k} class="hansa-noslot"></td>`
                : html`<${Slot} key=${k} board=${board} city=${c} k=${k} slot=${slots[k]}
        free=${k + 1 === now.free_slot} moves=${moves} send=${send}
        active=${c.code === activeCity} />`,
            )}
            <td class="hansa-prices">${Object.entries(now.prices).map(
              ([b, v]) => html`<span
              key=${b} class="hansa-price"><${Bean} board=${board} code=${b} />${v}</span>`,
            )}</td>
          </tr>`;
        })}
      </tbody>
    </table>
    <div class="hansa-supply" title="the beans in the supply">Supply: ${board.beans.map(
      (b) =>
        html`<span key=${b.code} class="hansa-price"><${Bean} board=${board} code=${b.code}
        title=${`${b.name}: base price ${b.base_price}`} />${view.supply[b.code] || 0}</span>`,
    )}
    </div>
  </section>`;
}
