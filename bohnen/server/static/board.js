// A game's page: the module `games/<game>.js` (its components in `games/<game>/`), loaded
// when a table of that game is shown. It exports `Board({view, moves, terms, seat, send,
// seats, mustAct})` and may export `stylesheet` (a URL), `rules` (the URL of its rules in
// short, which the table links to) and `allHands(views)` (for the replay of a finished game: one view from the views of
// every seat, {"spectator": view, "0": view, ...}, with every hand in it).
// A game without a page gets the plain board below: its legal moves as buttons.
import { html, useEffect, useState } from './html.js';
import { addStylesheet, Result } from './common.js';

const loaded = new Map();

function load(game) {
  if (!/^[a-z][a-z0-9_]*$/.test(game)) return Promise.reject(new Error(`bad game name ${game}`));
  if (!loaded.has(game)) {
    loaded.set(
      game,
      import(`./games/${game}.js`).then(async (module) => {
        if (typeof module.Board !== 'function') throw new Error(`games/${game}.js has no Board`);
        // the board is shown once styled: unstyled, it would be wider than a phone's screen
        if (module.stylesheet) await addStylesheet(module.stylesheet);
        return {
          Board: module.Board,
          allHands: module.allHands || null,
          rules: module.rules || null,
        };
      }),
    );
  }
  return loaded.get(game);
}

/** The page of `game`: {Board, allHands, rules} (PlainBoard if it has none; null while
 * loading). */
export function useGamePage(game) {
  const [page, setPage] = useState(null);
  useEffect(() => {
    if (!game) return undefined;
    let live = true;
    load(game).then(
      (found) => {
        if (live) setPage(found);
      },
      (err) => {
        console.warn(`no page for ${game}:`, err);
        if (live) setPage({ Board: PlainBoard, allHands: null, rules: null });
      },
    );
    return () => {
      live = false;
    };
  }, [game]);
  return page;
}

/** The placeholder for a game without a page: its legal moves in words, and the view as
 * text. */
export function PlainBoard({ view, moves, send, seat, seats }) {
  return html`<section class="plain-board" aria-label="Board">
    ${view && view.result && html`<${Result} result=${view.result} seats=${seats} me=${seat} />`}
    <p>This game has no page yet; its moves are listed in words.</p>
    ${
      send &&
      html`<div class="moves" role="group" aria-label="Moves">
      ${(moves || []).map(
        (m) => html`<button type="button" data-action=${m.notation}
        onClick=${() => send(m.action)}>${m.text}</button>`,
      )}
    </div>`
    }
    <details><summary>The view</summary><pre>${JSON.stringify(view, null, 1)}</pre></details>
  </section>`;
}
