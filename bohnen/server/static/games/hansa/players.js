// Every seat of Bohn Hansa in a row: its colour, city, money, loans, hand size and aid
// (storage); a hand shown (the replay) on a row of its own.
import { html } from '../../html.js';
import { seatName } from '../../common.js';
import { Aid, seatClass } from './pieces.js';
import { cityName, contractWords } from './words.js';

export function Players({ view, me, seats }) {
  const board = view.board;
  return html`<section class="hansa-players" data-testid="players">
    <table>
      <thead><tr><th></th><th>seat</th><th>city</th><th>money</th><th>loans</th>
        <th>hand</th><th>aid (${board.storage})</th></tr></thead>
      <tbody>
        ${view.players.map((p) => {
          const cls = `${p.seat === me ? 'hansa-me' : ''}${view.to_act.includes(p.seat) ? ' hansa-acting' : ''}`;
          const started = view.phase !== 'setup' || p.seat < view.active;
          return html`<tr key=${p.seat} data-seat=${p.seat} class=${cls}>
            <td class="hansa-colour-cell"><span class=${`hansa-dot ${seatClass(view, p.seat)}`}
              title=${p.colour}></span>${p.seat === view.active ? '▶' : ''}</td>
            <td class="hansa-name-cell">${seatName(seats, p.seat, me)}</td>
            <td data-label="city" title=${cityName(board, p.city)}>${started ? p.city : '·'}</td>
            <td data-label="money" data-money=${p.seat}>${p.money}</td>
            <td data-label="loans">${p.loans || '—'}</td>
            <td data-label="hand">${p.hand_size}${
              p.waste.length
                ? html` <span class="hansa-muted"
              title=${`given up for good: ${p.waste.join(' ')}`}>−${p.waste.length}</span>`
                : ''
            }</td>
            <td data-label="aid"><${Aid} board=${board} beans=${p.beans} />${
              p.harvest_before.length
                ? html` <span class="hansa-muted" title="Neue-Ernte cards placed at its next turn">${p.harvest_before.join(
                    ' ',
                  )} waits</span>`
                : ''
            }</td>
          </tr>${
            p.hand && p.seat !== me
              ? html`<tr key=${`hand${p.seat}`} class="hansa-other-hand"
            data-hand=${p.seat}><td></td><td colspan="6">${p.hand.map(
              (card) => html`<span
              key=${card} class="hansa-card hansa-small-card" data-card=${card}
              title=${view.contracts[card] ? contractWords(view, card) : card}>${card}</span>`,
            )}
          </td></tr>`
              : null
          }`;
        })}
      </tbody>
    </table>
  </section>`;
}
