// Bohnanza's legal moves as the view frame gives them (each `{action, text, notation}`:
// the engine's JSON, the move in words, its notation), sorted by where the page shows
// them; and proposals composed as JSON within the terms the engine computes (the view
// frame's `terms`: docs/online.md). Nothing here says what the rules allow.

/** The legal moves sorted by where the page shows them, by their JSON's type. */
export function sortMoves(list) {
  const moves = {
    plant: new Map(), // field -> move: plant the front card there
    traded: new Map(), // field -> [move]: plant a traded bean (`action.bean`) there
    harvest: new Map(), // field -> move
    accept: new Map(), // pid -> [move]
    decline: new Map(), // pid -> move
    withdraw: new Map(), // pid -> move
    buyField: null,
    general: [], // the rest: end planting, close trading, pass, ...
  };
  const add = (map, key, move) => map.set(key, [...(map.get(key) || []), move]);
  for (const move of list || []) {
    const a = move.action;
    if (a.type === 'plant') moves.plant.set(a.field, move);
    else if (a.type === 'plant-traded') add(moves.traded, a.field, move);
    else if (a.type === 'harvest') moves.harvest.set(a.field, move);
    else if (a.type === 'accept') add(moves.accept, a.pid, move);
    else if (a.type === 'decline') moves.decline.set(a.pid, move);
    else if (a.type === 'withdraw') moves.withdraw.set(a.pid, move);
    else if (a.type === 'buy-field') moves.buyField = move;
    else moves.general.push(move);
  }
  return moves;
}

/** The new proposals' targets of the terms (null: none may be made now). */
export function newTargets(terms) {
  return terms ? terms.targets.filter((t) => t.pid === null) : [];
}

/** The target of a counter to proposal `pid` in the terms, or null. */
export function counterTarget(terms, pid) {
  return (terms && terms.targets.find((t) => t.pid === pid)) || null;
}

/** The hand positions (`h3`) or face-up indices (`f0`) the terms let the seat give. */
export function givable(terms, prefix) {
  const out = [];
  for (const key of Object.keys(terms ? terms.give : {})) {
    if (key[0] === prefix && /^\d+$/.test(key.slice(1))) out.push(Number(key.slice(1)));
  }
  return out.sort((x, y) => x - y);
}

/**
 * A proposal (to `target.seat`) or a counter (of `target.pid`) as the engine's JSON;
 * null when it moves nothing and the target takes no empty proposal.
 */
export function proposalAction({
  seat,
  target,
  hand = [],
  faceUp = [],
  talers = 0,
  wants = [],
  wantsTalers = 0,
}) {
  const empty = !hand.length && !faceUp.length && !talers && !wants.length && !wantsTalers;
  if (empty && !target.empty) return null;
  const head =
    target.pid === null
      ? { type: 'propose', seat, to: target.seat }
      : { type: 'counter', seat, pid: target.pid };
  return {
    ...head,
    hand: [...hand].sort((x, y) => x - y),
    face_up: [...faceUp].sort((x, y) => x - y),
    wants: [...wants],
    talers,
    wants_talers: wantsTalers,
  };
}
