// Nicht die Bohne! at the online table: the status, the trick (the cards played face
// down shown as backs until the reveal) and the hand, or the result at the end; every
// seat's rows and the score sheet over the rounds.
//
// It reads only the seat's view (bohnen/ndb/view_types.py) and its legal moves (the view
// frame's `moves`: moves.js): nothing is decided here, the server's engine says what is
// legal.
import { html } from '../../html.js';
import { Result } from '../../common.js';
import { Legend } from '../../legend.js';
import { Hand, OtherMoves } from './hand.js';
import { readMoves } from './moves.js';
import { Rows, signed } from './rows.js';
import { Sheet } from './sheet.js';
import { Status } from './status.js';
import { Trick } from './trick.js';

/** One view with every hand and every face-down card, from a replay step's views
 * ({"spectator": view, "0": view, ...}): the spectator's, each seat's own added. */
export function allHands(views) {
  const base = views.spectator;
  const own = (seat) => views[String(seat)];
  const players = base.players.map((p) =>
    own(p.seat) ? { ...p, hand: own(p.seat).players[p.seat].hand } : p,
  );
  const table = base.table.map((code, seat) =>
    code === null && own(seat) ? own(seat).table[seat] : code,
  );
  return { ...base, players, table };
}

export function Board({ view, moves: list, seat, send, seats }) {
  if (!view) return html`<div class="ndb-board">Waiting for the table…</div>`;
  const me = seat === undefined ? null : seat;
  const moves = readMoves(send ? list : []); // no send: a spectator, or the end
  return html`<div class="ndb-board" data-game="ndb">
    <${Status} view=${view} me=${me} seats=${seats} />
    ${
      view.phase === 'over'
        ? html`<${Result} result=${view.result} seats=${seats} me=${me}
      score=${signed} />`
        : html`
      <${Trick} view=${view} me=${me} seats=${seats} moves=${moves} send=${send} />
      <${Hand} view=${view} me=${me} moves=${moves} send=${send} />`
    }
    <${OtherMoves} moves=${moves} send=${send} />
    <div class="ndb-lower">
      <${Rows} view=${view} me=${me} seats=${seats} />
      <${Sheet} view=${view} me=${me} seats=${seats} />
    </div>
    <${CardLegend} legend=${view.legend} />
  </div>`;
}

/** The cards: four colours (named in English, as the log and the moves write them), and
 * in each colour the kinds with their copies, points and what they do to a row. */
function CardLegend({ legend }) {
  const colours = legend.colours.map((c) => c.english).join(', ');
  const rows = legend.kinds.map((k) => [
    k.name,
    String(k.copies),
    k.points ? String(k.points) : '–',
    k.effect || 'its points',
  ]);
  return html`<${Legend} title=${`Cards: ${colours}; in each colour`} rows=${rows}
    head=${['Card', 'Copies', 'Points', 'In its row']} />`;
}
