// The cards of Nicht die Bohne!: a card's face (its colour from the stylesheet: the class
// `ndb-<colour>`), a card face down, an empty place; cards in words.
import { html } from '../../html.js';

/** A card's kind as shown on its face: 1-10, "–", "×2", or "0" for Nicht die Bohne. */
export function kindLabel(kind) {
  if (kind === '-') return '–';
  if (kind === 'x2') return '×2';
  return kind;
}

/** A card in words, as the log and the moves write it: "red 7", "yellow Nicht die
 * Bohne" (the colour in English). */
export function cardWords(legend, code) {
  const colour = legend.colours.find((c) => c.code === code[0]);
  const kind = legend.kinds.find((k) => k.code === code.slice(1));
  return `${colour ? colour.english : code[0]} ${kind ? kind.name : code.slice(1)}`;
}

/** A card face up; a button that plays `action` (a legal move: `{action, text, notation}`)
 * when it is given. */
export function Card({ code, legend, action, send, extra }) {
  const colour = code[0];
  const kind = code.slice(1);
  const special = kind === '-' || kind === 'x2' || kind === '0';
  const words = cardWords(legend, code);
  const cls = `ndb-card ndb-${colour}${special ? ' ndb-special' : ''}${
    action ? ' ndb-playable' : ''
  }${extra ? ` ${extra}` : ''}`;
  const face = html`
    <span class="ndb-kind">${kind === '0' ? '0' : kindLabel(kind)}</span>
    ${kind === '0' ? html`<span class="ndb-caption">Nicht die Bohne</span>` : null}`;
  if (action) {
    return html`<button type="button" class=${cls} title=${action.text}
      data-card=${code} data-action=${action.notation} onClick=${() => send(action.action)}>${face}</button>`;
  }
  return html`<span class=${cls} title=${words} data-card=${code}>${face}</span>`;
}

export function Back({ title }) {
  return html`<span class="ndb-card ndb-back" title=${title || 'face down'}
    data-card="back"><span class="ndb-bean">●</span></span>`;
}

export function Empty({ title }) {
  return html`<span class="ndb-card ndb-empty" title=${title || 'not played yet'}></span>`;
}
