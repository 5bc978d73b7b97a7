// Bohn Hansa at the online table (its components in hansa/): the shell loads this module
// by the game's name and mounts its Board.
export { Board, allHands } from './hansa/board.js';

export const stylesheet = new URL('./hansa.css', import.meta.url).href;

// the rules in short, a static page opened beside the table (static/rules/)
export const rules = new URL('../rules/hansa.html', import.meta.url).href;
