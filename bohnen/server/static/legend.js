// A game's legend: what its beans (or cards) are called and what they are worth, as the
// rules give it and the engine's words name them, folded away under the board.
import { html } from './html.js';

/**
 * The legend, a table in a closed disclosure: `title` its summary, `head` the columns'
 * names, `rows` the cells of each row (text).
 */
export function Legend({ title, head, rows }) {
  return html`<section class="legend" aria-label="Legend">
    <details>
      <summary>${title}</summary>
      <table>
        <thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
        <tbody>${rows.map(
          (row, i) => html`<tr key=${i}>${row.map((cell) => html`<td>${cell}</td>`)}</tr>`,
        )}</tbody>
      </table>
    </details>
  </section>`;
}
