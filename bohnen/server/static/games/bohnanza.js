// The Bohnanza table (its components in bohnanza/): the shell loads this module by the
// game's name and mounts its Board.
export { Board, allHands } from './bohnanza/board.js';

export const stylesheet = new URL('./bohnanza.css', import.meta.url).href;

// the rules in short, a static page opened beside the table (static/rules/)
export const rules = new URL('../rules/bohnanza.html', import.meta.url).href;
