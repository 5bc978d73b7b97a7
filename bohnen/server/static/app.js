// The one page of the client: `/` the lobby, `/t/{table}` a table, `/replay/{table}` the
// replay of a finished game. Links between them are ordinary links.
import { html, render } from './html.js';
import { Lobby } from './lobby.js';
import { TablePage } from './table.js';
import { ReplayPage } from './replay.js';

function page(path) {
  const table = path.match(/^\/t\/([^/]+)\/?$/);
  if (table) return html`<${TablePage} table=${decodeURIComponent(table[1])} />`;
  const replay = path.match(/^\/replay\/([^/]+)\/?$/);
  if (replay) return html`<${ReplayPage} table=${decodeURIComponent(replay[1])} />`;
  if (path === '/' || path === '') return html`<${Lobby} />`;
  return html`<main class="page">
    <h1>Nothing here</h1>
    <p>No page at <code>${path}</code>. <a href="/">Go to the lobby</a>.</p>
  </main>`;
}

render(page(location.pathname), document.getElementById('app'));
