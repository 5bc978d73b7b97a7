// The map of Bohn Hansa, drawn from the board the view carries: its cities (pushed
// apart where they crowd), routes, the beans each city trades and the players' carts.
// A journey is chosen by its destination: a city is clickable when a legal journey there
// (or the stay, for the seat's own city) is among the moves.
import { html } from '../../html.js';
import { seatName } from '../../common.js';
import { beanClass, seatClass } from './pieces.js';
import { journeyTitle } from './words.js';

/** The cities' places, pushed apart where they crowd (the default board's cities
 * cluster around Hamburg) so that each circle and its label stay readable. */
export function layoutCities(board, minDistance) {
  const pts = board.cities.map((c) => ({ x: c.x, y: c.y }));
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 1);
  const least = minDistance * span;
  for (let round = 0; round < 60; round++) {
    let moved = false;
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) {
        const dx = pts[j].x - pts[i].x;
        const dy = pts[j].y - pts[i].y;
        const d = Math.hypot(dx, dy);
        if (d >= least) continue;
        const push = (least - d) / 2;
        const ux = d > 0 ? dx / d : 1;
        const uy = d > 0 ? dy / d : 0;
        pts[i].x -= ux * push;
        pts[i].y -= uy * push;
        pts[j].x += ux * push;
        pts[j].y += uy * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return pts;
}

/** Where each seat's cart stands: city -> [seat] (a seat not yet set up has none). */
function cartsByCity(view) {
  const started = (s) => view.phase !== 'setup' || s < view.active;
  const carts = new Map();
  for (const p of view.players) {
    if (!started(p.seat)) continue;
    if (!carts.has(p.city)) carts.set(p.city, []);
    carts.get(p.city).push(p.seat);
  }
  return carts;
}

export function MapView({ view, me, seats, moves, send }) {
  const board = view.board;
  const pts = layoutCities(board, 0.1);
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const pad = 46;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const width = Math.max(...xs) - minX + pad;
  const height = Math.max(...ys) - minY + pad;
  const r = Math.max(width, height) * 0.024;
  const at = new Map(board.cities.map((c, i) => [c.code, pts[i]]));
  const edges = [];
  board.cities.forEach((c) => {
    for (const other of c.routes) if (c.code < other) edges.push([c.code, other]);
  });
  const carts = cartsByCity(view);
  const myCity = me === null ? null : view.players[me].city;
  const activeCity = view.phase === 'setup' ? null : view.players[view.active].city;
  return html`<svg class="hansa-map" viewBox=${`${minX} ${minY} ${width} ${height}`}
      data-testid="map" role="img" aria-label=${board.title}>
    <rect x=${minX} y=${minY} width=${width} height=${height} class="hansa-sea" />
    ${edges.map(
      ([a, b]) => html`<line key=${`${a}-${b}`} class="hansa-route"
      x1=${at.get(a).x} y1=${at.get(a).y} x2=${at.get(b).x} y2=${at.get(b).y} />`,
    )}
    ${board.cities.map((c, i) => {
      const p = pts[i];
      const journey = moves.journeys.get(c.code);
      const stay = c.code === myCity && moves.stay;
      const move = journey || (stay ? moves.stay : null);
      const prices = view.cities[i].prices;
      const priceText = Object.entries(prices)
        .map(([b, v]) => `${b} ${v}`)
        .join(', ');
      let title = `${c.name} (${c.code}): ${priceText}`;
      if (journey) title = `${journeyTitle(view, me, c.code, journey.action.path)}. ${title}`;
      if (stay) title = `Stay in ${c.name}: 1 card. ${title}`;
      const cls = `hansa-city${move ? ' hansa-destination' : ''}${
        c.code === activeCity ? ' hansa-active-city' : ''
      }`;
      const here = carts.get(c.code) || [];
      const onClick = move ? () => send(move.action) : undefined;
      return html`<g key=${c.code} class=${cls} data-city=${c.code}
          data-action=${move ? move.notation : undefined} onClick=${onClick}>
        <title>${title}</title>
        <circle class="hansa-city-disc" cx=${p.x} cy=${p.y} r=${r} />
        <text x=${p.x} y=${p.y + r * 0.35} class="hansa-city-code"
          font-size=${r * 0.95}>${c.code}</text>
        <text x=${p.x} y=${p.y + r + r * 0.95} class="hansa-city-name"
          font-size=${r * 0.7}>${c.name}</text>
        ${c.beans.map(
          (b, k) => html`<circle key=${b} class=${`hansa-city-bean ${beanClass(board, b)}`}
          cx=${p.x - ((c.beans.length - 1) * r * 0.55) / 2 + k * r * 0.55} cy=${p.y - r * 1.3}
          r=${r * 0.24} />`,
        )}
        ${here.map(
          (s, k) => html`<circle key=${`cart${s}`} class=${`hansa-cart ${seatClass(view, s)}`}
          data-cart=${s} cx=${p.x + r * 1.05 + (k % 3) * r * 0.75}
          cy=${p.y - r * 0.5 + Math.floor(k / 3) * r * 0.75} r=${r * 0.36}
          ><title>${seatName(seats, s, me)}</title></circle>`,
        )}
        ${
          journey
            ? html`<text x=${p.x - r * 1.1} y=${p.y - r * 0.7} class="hansa-cards-badge"
          font-size=${r * 0.75}>${journey.action.path.length + 1}</text>`
            : null
        }
      </g>`;
    })}
  </svg>`;
}
