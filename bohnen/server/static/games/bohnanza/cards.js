// Bean cards drawn from the view's legend: a card, a row of cards, a card's back.
import { html } from '../../html.js';

/** The legend by bean code: {code: {code, name, cards, beanometer}}. */
export function legendOf(view) {
  return Object.fromEntries((view.legend || []).map((b) => [b.code, b]));
}

/** A bean's name as the log and the moves write it: "Rote". */
export const beanName = (legend, code) => (legend[code] ? legend[code].name : code);

/** One bean card; `note` is a word under its name (e.g. "front"). */
export function Bean({ code, legend, note, small }) {
  const name = legend[code] ? legend[code].name : code;
  return html`<span class=${`bean bean-${code}${small ? ' small' : ''}`} title=${beanName(legend, code)}
    data-bean=${code}>
    <span class="bean-name">${name}</span>${note && html`<span class="bean-note">${note}</span>`}
  </span>`;
}

/** A row of cards, or `empty` when there are none. */
export function Beans({ codes, legend, empty = '—', small = true, label }) {
  if (!codes || !codes.length) return html`<span class="none">${empty}</span>`;
  return html`<span class="beans" aria-label=${label}>${codes.map(
    (c, i) => html`<${Bean}
    key=${i} code=${c} legend=${legend} small=${small} />`,
  )}</span>`;
}

/** The backs of `count` hidden cards. */
export function Backs({ count, label = 'cards in hand' }) {
  return html`<span class="backs" aria-label=${`${count} ${label}`} title=${`${count} ${label}`}>
    ${Array.from({ length: Math.min(count, 12) }, (_, i) => html`<span key=${i} class="back"></span>`)}
    <span class="back-count">${count}</span></span>`;
}

/** Beans by name, joined: "Rote, Soja". */
export function namesOf(codes, legend) {
  return codes.map((c) => (legend[c] ? legend[c].name : c)).join(', ');
}
