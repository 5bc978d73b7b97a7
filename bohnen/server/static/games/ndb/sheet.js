// The score sheet of Nicht die Bohne!: per round and seat "Spiel +", "Spiel –" and the
// "Summe", the round being played as it would end now, and the totals.
import { html } from '../../html.js';
import { seatName } from '../../common.js';
import { signed } from './rows.js';

export function Sheet({ view, me, seats }) {
  const n = view.options.players;
  const rounds = Array.from({ length: view.options.rounds }, (_, i) => i);
  const seatsList = Array.from({ length: n }, (_, i) => i);
  const over = view.phase === 'over';
  const winners = over && view.result ? view.result.winners : [];
  const cell = (r, s) => {
    const line = view.sheet[r] && view.sheet[r][s];
    if (line) {
      return html`<td key=${s} data-round=${r + 1} data-seat=${s}
        title="Spiel + · Spiel – · Summe"><span class="ndb-plus">+${line.plus}</span>${' '}<span
        class="ndb-minus">−${line.minus}</span>${' = '}<strong>${signed(line.total)}</strong></td>`;
    }
    if (!over && r + 1 === view.round) {
      return html`<td key=${s} class="ndb-now" data-round=${r + 1} data-seat=${s}
        title="the round's Summe if it ended now">(${signed(view.players[s].rows_score)})</td>`;
    }
    return html`<td key=${s} data-round=${r + 1} data-seat=${s}></td>`;
  };
  return html`<section class="ndb-sheet" data-testid="sheet">
    <h3>Score sheet <span class="ndb-muted">Spiel + · Spiel – · Summe</span></h3>
    <table>
      <thead><tr><th>Round</th>${seatsList.map(
        (s) => html`<th key=${s}
        class=${winners.includes(s) ? 'ndb-winner' : ''}>${seatName(seats, s, me)}</th>`,
      )}</tr></thead>
      <tbody>
        ${rounds.map((r) => html`<tr key=${r}><th>${r + 1}</th>${seatsList.map((s) => cell(r, s))}</tr>`)}
        <tr class="ndb-totals"><th>Total</th>${seatsList.map(
          (s) => html`<td key=${s}
          data-total=${s} class=${winners.includes(s) ? 'ndb-winner' : ''}>
          <strong>${signed(over && view.result ? view.result.scores[s] : view.totals[s])}</strong></td>`,
        )}</tr>
      </tbody>
    </table>
  </section>`;
}
