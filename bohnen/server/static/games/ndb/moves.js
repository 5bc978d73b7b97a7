// The legal moves of Nicht die Bohne! as the view frame gives them (each `{action, text,
// notation}`: the engine's JSON, the move in words, its notation): the cards the seat
// may play and the seats whose card it may take; and who took which card.

/** The seat's legal moves by their JSON's type: plays by card, takes by the owner of
 * the card. */
export function readMoves(list) {
  const plays = new Map();
  const takes = new Map();
  const other = [];
  for (const move of list || []) {
    const a = move.action;
    if (a.type === 'play') plays.set(a.card, move);
    else if (a.type === 'take') takes.set(a.owner, move);
    else other.push(move);
  }
  return { plays, takes, other };
}

/** Who took each card of the trick: the token holder took the first seat's of `taken`,
 * that seat the next one's, and so on. */
export function takers(view) {
  const out = new Map();
  let by = view.token;
  for (const owner of view.taken) {
    out.set(owner, by);
    by = owner;
  }
  return out;
}
