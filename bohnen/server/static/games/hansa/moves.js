// Bohn Hansa's legal moves as the view frame gives them (each `{action, text, notation}`:
// the engine's JSON, the move in words, its notation), sorted by where the page shows
// them; and deals composed as JSON within the terms the engine computes (the view
// frame's `terms`: docs/online.md). Nothing here says what the rules allow.

/**
 * The seat's legal moves by kind, by their JSON's type: journeys by destination (the
 * first listed path to each: every shortest path plays the same cards), purchases by
 * bean and slot, and the rest in the order given.
 */
export function readMoves(list) {
  const moves = {
    journeys: new Map(), // destination -> move (its action's path ends there)
    stay: null,
    buys: new Map(), // "BEAN SLOT" -> move
    fulfil: new Map(), // contract -> move
    buyContract: new Map(), // travel card -> move
    begin: [],
    answer: [],
    other: [],
  };
  for (const move of list || []) {
    const a = move.action;
    if (a.type === 'go') {
      const dest = a.path[a.path.length - 1];
      if (!moves.journeys.has(dest)) moves.journeys.set(dest, move);
    } else if (a.type === 'stay') moves.stay = move;
    else if (a.type === 'buy') moves.buys.set(`${a.bean} ${a.slot}`, move);
    else if (a.type === 'fulfil') moves.fulfil.set(a.contract, move);
    else if (a.type === 'buy-contract') moves.buyContract.set(a.card, move);
    else if (a.type === 'begin') moves.begin.push(move);
    else if (a.type === 'accept' || a.type === 'decline') moves.answer.push(move);
    else moves.other.push(move);
  }
  return moves;
}

/**
 * A deal with `target` (a proposal, or the counter of `target.pid`) as the engine's
 * JSON; null when it moves nothing and the target takes no empty deal.
 */
export function dealAction(seat, target, give, want, buy) {
  if (!give.length && !want.length && !buy.length && !target.empty) return null;
  const head =
    target.pid === null
      ? { type: 'propose', seat, to: target.seat }
      : { type: 'counter', seat, pid: target.pid };
  return { ...head, give, want, buy };
}

/** Counted beans as a list in `order`: {SA: 2, BL: 1} -> ["BL", "SA", "SA"]. */
export function spread(counted, order) {
  const out = [];
  for (const code of order) for (let i = 0; i < (counted[code] || 0); i++) out.push(code);
  return out;
}
