// The Bohnanza table: the status, every other seat, the middle of the table with the
// moves that belong to no field nor offer, the open offers side by side, the proposal
// composer, my seat, and the result at the end.
import { html, useEffect, useState } from '../../html.js';
import { Result } from '../../common.js';
import { Legend } from '../../legend.js';
import { counterTarget, newTargets, sortMoves } from './moves.js';
import { legendOf } from './cards.js';
import { Offers } from './offers.js';
import { Composer } from './compose.js';
import { Mine, Player } from './players.js';
import { Centre, Moves, Status } from './status.js';

/** For the replay of a finished game: the table with every seat's hand, taken from the
 * seats' own views. */
export function allHands(views) {
  const table = views.spectator;
  return {
    ...table,
    players: table.players.map((p) => {
      const own = views[String(p.seat)];
      return own ? { ...p, hand: own.players[p.seat].hand } : p;
    }),
  };
}

/** `moves`: the seat's legal moves (the view frame's); `terms`: what it may propose. */
export function Board({ view, moves: list, terms, seat, send, seats, mustAct }) {
  const legend = legendOf(view);
  const moves = sortMoves(list);
  const mayPropose = newTargets(terms).length > 0;
  const [counter, setCounter] = useState(null);
  const [composing, setComposing] = useState(false);
  const open = view.trading ? view.trading.proposals : [];
  useEffect(() => {
    // a counter to an offer that closed is dropped
    if (counter && !open.some((p) => p.pid === counter.pid)) setCounter(null);
  }, [open.map((p) => p.pid).join(','), counter]);
  const seated = seat !== null && seat !== undefined;
  const me = seated ? view.players[seat] : null;
  const others = seated
    ? [...view.players.slice(seat + 1), ...view.players.slice(0, seat)]
    : view.players;
  return html`<section class="bohnanza" aria-label="Bohnanza table" data-phase=${view.phase}>
    <${Status} view=${view} seats=${seats} me=${seated ? seat : null}
      waiting=${mustAct || view.to_act || []} />
    <${Result} result=${view.result} seats=${seats} me=${seated ? seat : null} />
    <div class="players">${others.map(
      (p) => html`<${Player} key=${p.seat} player=${p}
      view=${view} legend=${legend} seats=${seats} />`,
    )}</div>
    <div class="middle">
      <${Centre} view=${view} legend=${legend} />
      ${
        send &&
        html`<${Moves} moves=${moves} send=${send}>
        ${
          me &&
          mayPropose &&
          !counter &&
          html`<button type="button"
          aria-expanded=${composing ? 'true' : 'false'} onClick=${() => setComposing(!composing)}>
          ${composing ? 'Close the proposal' : 'Propose a trade…'}</button>`
        }
      <//>`
      }
    </div>
    ${
      view.trading &&
      html`<${Offers} view=${view} seat=${seated ? seat : null} seats=${seats}
      legend=${legend} moves=${moves} send=${send}
      mayCounter=${(pid) => Boolean(counterTarget(terms, pid))}
      onCounter=${send ? setCounter : null} />`
    }
    ${
      send &&
      me &&
      (counter || (composing && mayPropose)) &&
      html`<${Composer}
      view=${view} terms=${terms} seat=${seat} seats=${seats} legend=${legend} send=${send} counter=${counter}
      onDone=${() => (counter ? setCounter(null) : setComposing(false))} />`
    }
    ${
      me &&
      html`<${Mine} player=${me} view=${view} legend=${legend} moves=${moves}
      send=${send} seats=${seats} />`
    }
  <${BeanLegend} view=${view} />
  </section>`;
}

/** The beans: each one's name as the log and the moves write it, its cards in the deck
 * and its beanometer (the beans a field needs for 1, 2, 3 and 4 talers). */
function BeanLegend({ view }) {
  const rows = (view.legend || []).map((b) => [
    b.name,
    String(b.cards),
    b.beanometer.map((n) => (n === null ? '–' : String(n))).join(' / '),
  ]);
  return html`<${Legend} title="Beans: cards and beanometer" rows=${rows}
    head=${['Bean', 'Cards', 'Beans for 1 / 2 / 3 / 4 talers']} />`;
}
