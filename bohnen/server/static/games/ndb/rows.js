// Every seat's rows of Nicht die Bohne! (a row per colour, with its points now), and
// the hand of another seat where it is shown (the replay).
import { html } from '../../html.js';
import { seatName } from '../../common.js';
import { Card } from './cards.js';

/** Points as the score sheet writes them: "+12", "−3", "0". */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

export function Rows({ view, me, seats }) {
  const colours = view.legend.colours;
  return html`<section class="ndb-rows" data-testid="rows">
    <h3>Rows</h3>
    <div class="ndb-players">
      ${view.players.map(
        (p) => html`<div key=${p.seat} data-seat=${p.seat}
          class=${`ndb-player${p.seat === me ? ' ndb-me' : ''}${
            view.to_act.includes(p.seat) ? ' ndb-acting' : ''
          }`}>
        <div class="ndb-player-head">
          ${p.seat === view.token ? html`<span class="ndb-token" title="the token">◆</span> ` : ''}
          <strong>${seatName(seats, p.seat, me)}</strong>
          <span class="ndb-muted">${p.hand_size} in hand</span>
          <span class="ndb-score" title="the rows' points now">${signed(p.rows_score)}</span>
        </div>
        ${
          p.hand && p.seat !== me
            ? html`<div class="ndb-other-hand" data-hand=${p.seat}
          title="the hand (the game is over: every card is shown)">${p.hand.map(
            (code, j) =>
              html`<${Card} key=${j} code=${code} legend=${view.legend} extra="ndb-small" />`,
          )}</div>`
            : null
        }
        ${p.rows.map(
          (row, i) => html`<div class="ndb-row" key=${i}
            title=${`${colours[i].english}: ${signed(row.score)}`}>
          <span class=${`ndb-row-colour ndb-${colours[i].code}`}>${colours[i].code}</span>
          <span class="ndb-row-cards">${row.cards.map(
            (code, j) => html`<${Card} key=${j}
            code=${code} legend=${view.legend} extra="ndb-small" />`,
          )}</span>
          <span class="ndb-row-score">${row.cards.length ? signed(row.score) : ''}</span>
        </div>`,
        )}
      </div>`,
      )}
    </div>
  </section>`;
}
