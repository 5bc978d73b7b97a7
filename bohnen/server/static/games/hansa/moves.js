// Bohn Hansa's legal moves, read from their notation (docs/hansa.md, "Notation"), and
// deals written in it. Proposals are not among the legal moves: the deal panel composes
// them, and the server's engine says whether they hold.

/**
 * The seat's legal moves by kind: journeys by destination (the first listed path to
 * each: every shortest path plays the same cards), purchases by bean and slot, and the
 * rest in the order given.
 */
export function readMoves(legal, seat) {
  const moves = {
    journeys: new Map(),
    stay: null,
    buys: new Map(),
    fulfil: new Map(),
    buyContract: new Map(),
    begin: [],
    answer: [],
    other: [],
  };
  for (const text of legal || []) {
    const m = /^(\d+): (\S+)(?: (.*))?$/.exec(text);
    if (!m || Number(m[1]) !== seat) {
      moves.other.push(text);
      continue;
    }
    const verb = m[2];
    const args = m[3] ? m[3].split(' ') : [];
    if (verb === 'go') {
      const dest = args[args.length - 1];
      if (!moves.journeys.has(dest)) moves.journeys.set(dest, { text, path: args });
    } else if (verb === 'stay') moves.stay = text;
    else if (verb === 'buy') moves.buys.set(`${args[0]} ${args[1]}`, text);
    else if (verb === 'fulfil') moves.fulfil.set(args[0], text);
    else if (verb === 'buy-contract') moves.buyContract.set(args[0], text);
    else if (verb === 'begin') moves.begin.push({ text, contract: args[0], last: args[2] });
    else if (verb === 'accept' || verb === 'decline') moves.answer.push({ text, verb });
    else moves.other.push(text);
  }
  return moves;
}

/** The notation of a proposal or counter: `head` is "S: propose TO" or "S: counter PID". */
export function dealNotation(head, give, want, buy) {
  let text = head;
  for (const [word, beans] of [
    ['give', give],
    ['want', want],
    ['buy', buy],
  ]) {
    if (beans.length) text += ` ${word} ${beans.join(',')}`;
  }
  return text;
}

/**
 * Whom `seat` may deal with now: the proposer of the proposal it answers; any other
 * seat if it is the active player; else the active player. Empty when it may not
 * propose (not its floor, a proposal pending for another, no proposals left).
 */
export function dealTargets(view, seat) {
  if (seat === null || view.phase !== 'trade') return [];
  const me = view.players[seat];
  if (me.proposals_left <= 0) return [];
  const pending = view.pending;
  if (pending) return pending.to === seat ? [pending.from] : [];
  if (view.floor !== seat) return [];
  if (seat === view.active) return view.players.map((p) => p.seat).filter((s) => s !== seat);
  return [view.active];
}

/** Counted beans as a list in `order`: {SA: 2, BL: 1} -> ["BL", "SA", "SA"]. */
export function spread(counted, order) {
  const out = [];
  for (const code of order) for (let i = 0; i < (counted[code] || 0); i++) out.push(code);
  return out;
}
