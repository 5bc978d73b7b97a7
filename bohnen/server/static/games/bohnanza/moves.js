// Bohnanza's legal moves, read from their notation (docs/bohnanza.md, "Actions: notation
// and JSON"), and proposals written in it.

/** One legal move: its notation, verb and arguments. */
export function parseMove(text) {
  const match = /^\s*(\d+)\s*:\s*(\S+)\s*(.*)$/.exec(text);
  if (!match) return { text, seat: null, verb: text, args: [] };
  const [, seat, verb, rest] = match;
  return { text, seat: Number(seat), verb, args: rest.split(/\s+/).filter(Boolean) };
}

/** The legal moves sorted by where the page shows them. */
export function sortMoves(legal) {
  const moves = {
    plant: new Map(), // field -> move: plant the front card there
    traded: new Map(), // field -> [{bean, move}]: plant a traded bean there
    harvest: new Map(), // field -> move
    accept: new Map(), // pid -> [move]
    decline: new Map(), // pid -> move
    withdraw: new Map(), // pid -> move
    general: [], // the rest: end planting, close trading, pass, buy-field, ...
  };
  for (const text of legal) {
    const move = parseMove(text);
    const [a, b] = move.args;
    if (move.verb === 'plant' && move.args.length === 1) moves.plant.set(Number(a), move);
    else if ((move.verb === 'plant' || move.verb === 'plant-traded') && move.args.length === 2) {
      const list = moves.traded.get(Number(b)) || [];
      list.push({ bean: a, move });
      moves.traded.set(Number(b), list);
    } else if (move.verb === 'harvest') moves.harvest.set(Number(a), move);
    else if (move.verb === 'accept') {
      moves.accept.set(Number(a), [...(moves.accept.get(Number(a)) || []), move]);
    } else if (move.verb === 'decline') moves.decline.set(Number(a), move);
    else if (move.verb === 'withdraw') moves.withdraw.set(Number(a), move);
    else moves.general.push(move);
  }
  return moves;
}

/** The `give` references of an accept move: ['h3', 'f0', 't1']. */
export function acceptGives(move) {
  const at = move.args.indexOf('give');
  return at < 0
    ? []
    : move.args
        .slice(at + 1)
        .join('')
        .split(',')
        .filter(Boolean);
}

/**
 * A proposal (or, with `pid`, a counter) in notation:
 * `0: propose 2 give h0,f0,t1 want RO,t2`. Positions sorted, wanted beans in the
 * legend's order; null when both sides are empty.
 */
export function proposalNotation({
  seat,
  to,
  pid = null,
  hand = [],
  faceUp = [],
  talers = 0,
  wants = [],
  wantsTalers = 0,
  order = [],
}) {
  const rank = (code) => {
    const i = order.indexOf(code);
    return i < 0 ? order.length : i;
  };
  const give = [
    ...[...hand].sort((x, y) => x - y).map((i) => `h${i}`),
    ...[...faceUp].sort((x, y) => x - y).map((i) => `f${i}`),
    ...(talers > 0 ? [`t${talers}`] : []),
  ];
  const want = [
    ...[...wants].sort((x, y) => rank(x) - rank(y)),
    ...(wantsTalers > 0 ? [`t${wantsTalers}`] : []),
  ];
  if (!give.length && !want.length) return null;
  const head = pid === null ? `propose ${to}` : `counter ${pid}`;
  return (
    `${seat}: ${head}${give.length ? ` give ${give.join(',')}` : ''}` +
    `${want.length ? ` want ${want.join(',')}` : ''}`
  );
}
