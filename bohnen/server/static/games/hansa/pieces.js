// Small pieces of the Bohn Hansa page: a bean (its colour from the stylesheet's palette:
// the class `bean-CODE`, or `bean-spare-N` for a bean of a board of one's own), a row of
// beans, a seat's aid with its free places, and a button that plays a move (`action`, a
// legal move of the view frame: `{action, text, notation}`).
import { html } from '../../html.js';
import { spread } from './moves.js';
import { beanName } from './words.js';

const PALETTE = new Set(['BL', 'FE', 'SA', 'BR', 'SO', 'AU', 'RO', 'GA']);
const SPARES = 6; // bean-spare-0 … bean-spare-5 in the stylesheet

/** The class that colours the bean `code` of `board`. */
export function beanClass(board, code) {
  if (PALETTE.has(code)) return `bean-${code}`;
  const i = board.beans.findIndex((b) => b.code === code);
  return `bean-spare-${(i < 0 ? 0 : i) % SPARES}`;
}

/** The class that colours a seat's cart, dot and cards: `seat-colour-red`, … */
export const seatClass = (view, seat) => `seat-colour-${view.players[seat].colour || 'none'}`;

export function Bean({ board, code, count, title, action, send, extra }) {
  const label = count && count > 1 ? `${code}×${count}` : code;
  const tip = title || beanName(board, code);
  const cls = `hansa-bean ${beanClass(board, code)}${extra ? ` ${extra}` : ''}`;
  if (action) {
    return html`<button type="button" class=${`${cls} hansa-clickable`}
      title=${action.text} data-action=${action.notation} data-bean=${code}
      onClick=${() => send(action.action)}>${label}</button>`;
  }
  return html`<span class=${cls} title=${tip} data-bean=${code}>${label}</span>`;
}

export function Beans({ board, beans }) {
  return html`<span class="hansa-beans">${beans.map(
    (code, i) => html`<${Bean} key=${i}
    board=${board} code=${code} />`,
  )}</span>`;
}

export function Aid({ board, beans }) {
  const held = spread(
    beans,
    board.beans.map((b) => b.code),
  );
  const free = Math.max(0, board.storage - held.length);
  return html`<span class="hansa-aid" title=${`${held.length} of ${board.storage} places`}>
    ${held.map((code, i) => html`<${Bean} key=${i} board=${board} code=${code} />`)}
    ${Array.from({ length: free }, (_, i) => html`<span key=${`f${i}`} class="hansa-free"></span>`)}
  </span>`;
}

/** A button that plays `move` (a legal move of the view frame), labelled by its text
 * unless a shorter `label` is given. */
export function ActionButton({ move, label, send, title, primary }) {
  return html`<button type="button" class=${primary ? 'hansa-primary' : ''}
    data-action=${move.notation} title=${title || move.text}
    onClick=${() => send(move.action)}>${label || move.text}</button>`;
}
