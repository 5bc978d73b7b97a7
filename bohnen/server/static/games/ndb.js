// Nicht die Bohne! at the online table (its components in ndb/): the shell loads this
// module by the game's name and mounts its Board.
export { Board, allHands } from './ndb/board.js';

export const stylesheet = new URL('./ndb.css', import.meta.url).href;

// the rules in short, a static page opened beside the table (static/rules/)
export const rules = new URL('../rules/ndb.html', import.meta.url).href;
