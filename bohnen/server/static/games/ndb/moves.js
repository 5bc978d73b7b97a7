// The legal moves of Nicht die Bohne!, read from their notation (docs/ndb.md): the cards
// the seat may play and the seats whose card it may take; and who took which card.

/** The legal moves of `seat`: plays by card, takes by the owner of the card. */
export function readMoves(legal, seat) {
  const plays = new Map();
  const takes = new Map();
  const other = [];
  for (const text of legal || []) {
    const m = /^(\d+): (play|take) (\S+)$/.exec(text);
    if (m && Number(m[1]) === seat && m[2] === 'play') plays.set(m[3], text);
    else if (m && Number(m[1]) === seat && m[2] === 'take') takes.set(Number(m[3]), text);
    else other.push(text);
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
