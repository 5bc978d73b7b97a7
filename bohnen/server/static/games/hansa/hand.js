// The seat's hand of Bohn Hansa (front card first: a journey plays from the front) with
// its contracts, the contracts that may be bought, and the contracts on the table.
import { html } from '../../html.js';
import { ActionButton, Beans, seatClass } from './pieces.js';
import { contractWords } from './words.js';

export function Contract({ view, code, beans, action, send, extra }) {
  const c = view.contracts[code];
  const board = view.board;
  if (!c) return html`<span class="hansa-contract hansa-unknown">${code}</span>`;
  const have = beans && c.beans.every((b) => (beans[b] || 0) > 0);
  return html`<span class=${`hansa-contract${extra ? ` ${extra}` : ''}`} data-contract=${code}
      title=${contractWords(view, code)}>
    <strong>${code}</strong> <span class="hansa-contract-city">${c.city}</span>
    <${Beans} board=${board} beans=${c.beans} /> <strong>${c.payout}</strong>t${
      have
        ? html` <span
      class="hansa-ok" title="you hold its beans">✓</span>`
        : ''
    }
    ${action ? html` <${ActionButton} move=${action} label="fulfil" send=${send} primary=${true} />` : ''}
  </span>`;
}

function cardKind(view, seat, card) {
  if (card.startsWith('C')) return 'contract';
  const colour = view.board.colours[seat];
  if (colour && card === colour.zoll) return 'zoll';
  if (colour && card === colour.nachschub) return 'nachschub';
  return 'travel';
}

export function Hand({ view, me, moves, send }) {
  if (me === null) return null;
  const player = view.players[me];
  const hand = player.hand || [];
  return html`<section class="hansa-hand" data-testid="hand">
    <h3>Your hand <span class="hansa-muted">front card first; a journey plays from the front</span></h3>
    <div class="hansa-cards">
      ${hand.map((card, i) => {
        const kind = cardKind(view, me, card);
        const word = kind === 'zoll' ? 'Zoll' : kind === 'nachschub' ? 'Nachschub' : '';
        const colour = kind === 'contract' ? '' : ` ${seatClass(view, me)}`;
        return html`<span key=${card} class=${`hansa-card hansa-${kind}${colour}`} data-card=${card}>
          ${i === 0 ? html`<span class="hansa-front" title="the front card">▶</span>` : ''}${card}
          ${word ? html`<small>${word}</small>` : ''}</span>`;
      })}
    </div>
    <div class="hansa-contracts">
      ${hand
        .filter((c) => c.startsWith('C'))
        .map(
          (code) => html`<${Contract} key=${code}
        view=${view} code=${code} beans=${player.beans} action=${moves.fulfil.get(code)}
        send=${send} />`,
        )}
    </div>
    ${
      moves.buyContract.size
        ? html`<div class="hansa-buy-contract">Buy a contract (5 talers and a
      travel card given up for good): ${[...moves.buyContract.entries()].map(
        ([card, move]) =>
          html`<${ActionButton} key=${card} move=${move} label=${card} send=${send} />`,
      )}</div>`
        : ''
    }
  </section>`;
}

export function TableContracts({ view, me, moves, send }) {
  const beans = me === null ? null : view.players[me].beans;
  const extra = [...moves.fulfil.keys()].filter(
    (c) => !view.table.includes(c) && !(me !== null && (view.players[me].hand || []).includes(c)),
  );
  if (!view.table.length && !view.played.length && !extra.length) return null;
  return html`<section class="hansa-table" data-testid="table-contracts">
    <h3>On the table</h3>
    ${
      view.played.length
        ? html`<div>Cards of the journey awaiting the customs: ${view.played.join(' ')}</div>`
        : ''
    }
    ${[...view.table, ...extra].map(
      (code) => html`<${Contract} key=${code} view=${view}
      code=${code} beans=${beans} action=${moves.fulfil.get(code)} send=${send} />`,
    )}
  </section>`;
}
