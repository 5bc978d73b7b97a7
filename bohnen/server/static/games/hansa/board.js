// Bohn Hansa at the online table: the map and the ladders beside the seat's turn, the
// negotiation, every seat's money, loans and aid, the hand with its contracts and the
// contracts on the table; the result at the end.
//
// It reads only the seat's view (bohnen/hansa/view_types.py), its legal moves and what
// it may propose (the view frame's `moves` and `terms`: moves.js).
import { html } from '../../html.js';
import { Result } from '../../common.js';
import { Legend } from '../../legend.js';
import { Negotiation } from './deal.js';
import { Hand, TableContracts } from './hand.js';
import { Ladders } from './ladders.js';
import { MapView } from './map.js';
import { readMoves } from './moves.js';
import { Players } from './players.js';
import { Begin, Moves, Status } from './turn.js';

/** One view with every hand, from a replay step's views ({"spectator": view, "0": view,
 * ...}): the spectator's, each seat's own hand and the contracts it sees added. */
export function allHands(views) {
  const base = views.spectator;
  let contracts = { ...base.contracts };
  const players = base.players.map((p) => {
    const own = views[String(p.seat)];
    if (!own) return p;
    contracts = { ...contracts, ...own.contracts };
    return { ...p, hand: own.players[p.seat].hand };
  });
  return { ...base, players, contracts };
}

const talers = (n) => `${n} talers`;

export function Board({ view, moves: list, terms, seat, send, seats }) {
  if (!view) return html`<div class="hansa-board">Waiting for the table…</div>`;
  const me = seat === undefined ? null : seat;
  const moves = readMoves(send ? list : []); // no send: a spectator, or the end
  return html`<div class="hansa-board" data-game="hansa">
    <${Status} view=${view} me=${me} seats=${seats} />
    <div class="hansa-main">
      <div class="hansa-left">
        <${MapView} view=${view} me=${me} seats=${seats} moves=${moves} send=${send} />
        <${Ladders} view=${view} me=${me} moves=${moves} send=${send} />
      </div>
      <div class="hansa-right">
        <${Result} result=${view.result} seats=${seats} me=${me} score=${talers} />
        <${Begin} view=${view} moves=${moves} send=${send} />
        <${Moves} view=${view} me=${me} moves=${moves} send=${send} />
        <${Negotiation} view=${view} me=${me} seats=${seats} moves=${moves} terms=${terms}
          send=${send} />
        <${Players} view=${view} me=${me} seats=${seats} />
        <${Hand} view=${view} me=${me} moves=${moves} send=${send} />
        <${TableContracts} view=${view} me=${me} moves=${moves} send=${send} />
        <${BeanLegend} view=${view} />
      </div>
    </div>
  </div>`;
}

/** The board's beans: each one's name as the log and the moves write it, its tokens in
 * the supply at the start and its base price (what a bean sells for at the end). */
function BeanLegend({ view }) {
  const rows = view.board.beans.map((b) => [b.name, String(b.tokens), `${b.base_price} talers`]);
  return html`<${Legend} title="Beans: tokens and base prices" rows=${rows}
    head=${['Bean', 'Tokens', 'Base price']} />`;
}
