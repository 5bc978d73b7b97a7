// Bohn Hansa in words: the names of beans and cities, contracts, deals, journeys and the
// status line, read from the board the view carries.
import { seatName, seatNames, resultLine } from '../../common.js';

export function beanName(board, code) {
  const bean = board.beans.find((b) => b.code === code);
  return bean ? bean.name : code;
}

export function cityIndex(board, code) {
  return board.cities.findIndex((c) => c.code === code);
}

export function cityName(board, code) {
  const city = board.cities.find((c) => c.code === code);
  return city ? city.name : code;
}

/** A contract spelled out: "C9: BL, SA delivered in Danzig, 41 talers". */
export function contractWords(view, code) {
  const c = view.contracts[code];
  return `${code}: ${c.beans.join(', ')} delivered in ${cityName(view.board, c.city)}, ${c.payout} talers`;
}

/** A deal in words, from the view's ProposalView. */
export function dealWords(view, p, seats, me) {
  const active = p.guest === p.from ? p.to : p.from;
  const city = view.players[active].city;
  const parts = [];
  const activeName = seatName(seats, active, me);
  const guestName = seatName(seats, p.guest, me);
  if (p.active_gives.length) parts.push(`${activeName} gives ${p.active_gives.join(', ')}`);
  if (p.guest_gives.length) parts.push(`${guestName} gives ${p.guest_gives.join(', ')}`);
  if (p.active_buys.length) {
    parts.push(`${activeName} buys ${p.active_buys.join(', ')} in ${city} for ${guestName}`);
  }
  if (!parts.length) parts.push('no beans change hands');
  const head = p.invite
    ? `an invitation: ${guestName} comes to ${cityName(view.board, city)} and plays the front card; `
    : 'a trade: ';
  return head + parts.join('; ');
}

/** A journey's title: its cards, and the Zoll among them. */
export function journeyTitle(view, me, dest, path) {
  const board = view.board;
  const hand = me === null ? null : view.players[me].hand;
  const count = path.length + 1;
  let text = `Go to ${cityName(board, dest)}: ${count} cards`;
  if (hand) {
    const cards = hand.slice(0, count);
    const zoll = board.colours[me] && cards.includes(board.colours[me].zoll);
    text += ` (${cards.join(' ')})${zoll ? ', the Zoll among them: 20 talers' : ''}`;
  }
  return text;
}

export const PHASES = {
  setup: 'set-up',
  travel: 'journey',
  customs: 'customs',
  trade: 'trade',
  final: 'end of the turn',
  closing: 'last contracts',
  over: 'over',
};

/** What the seat looking is to do now, or whom the game waits on. */
export function statusText(view, me, seats) {
  if (view.phase === 'over') {
    return view.result ? `${resultLine(view.result, seats, me)}.` : 'The game is over.';
  }
  const waiting = view.to_act;
  if (me !== null && waiting.includes(me)) {
    if (view.phase === 'setup') return 'Your set-up: choose your first contract.';
    if (view.phase === 'travel') return 'Your journey: choose a destination on the map.';
    if (view.phase === 'customs')
      return `Customs: ${view.customs_due} talers still owed; sell a bean.`;
    if (view.phase === 'trade') {
      if (view.pending && view.pending.to === me) return 'A proposal awaits your answer.';
      return view.active === me
        ? 'Your trade: buy, fulfil, deal, or end trading.'
        : 'You hold the floor: propose a deal to the active player, or pass.';
    }
    if (view.phase === 'final') return 'Fulfil your contracts, then end the turn.';
    if (view.phase === 'closing') return 'Fulfil your last contracts, then done.';
  }
  return `Waiting for ${seatNames(seats, waiting, me)}.`;
}
