// The seats of a table: who sits where (a person, a bot, open or kept for a friend), who
// is connected, whom the game waits on (`waiting`: the view frame's must_act) and their
// clocks; the vote on an absent seat (`onVote`: mine to cast); my seat's stand-in bot;
// the host's controls; and what the table puts below them (`children`).
import { html, useState } from './html.js';
import { api, invitationLink, keepHostRecord } from './api.js';
import { clockText, CopyLink, useNow } from './common.js';

export function Seats({
  table,
  seats,
  me,
  waiting: waits,
  clock,
  skew = 0,
  banked = false,
  bots,
  host,
  onHost,
  send,
  onVote,
  onLeave,
  children,
}) {
  const waiting = new Set(waits || []);
  return html`<section class="panel seats-panel" aria-label="Seats">
    <h2>Seats ${clock && html`<small class="clock-mode">${clockMode(clock, banked)}</small>`}</h2>
    <ul class="seats">
      ${seats.map(
        (s) => html`<li key=${s.seat} data-seat=${s.seat}
        class=${[
          'seat',
          s.kind,
          waiting.has(s.seat) ? 'to-act' : '',
          s.seat === me ? 'me' : '',
        ].join(' ')}>
        <span class=${`dot ${s.connected || s.kind === 'bot' ? 'on' : 'off'}`}
          title=${s.kind === 'bot' ? 'a bot' : s.connected ? 'connected' : 'not connected'}
          role="img" aria-label=${s.kind === 'bot' ? 'a bot' : s.connected ? 'connected' : 'not connected'}></span>
        <span class="seat-no">${s.seat}</span>
        <span class="seat-name">${seatLabel(s)}${s.seat === me ? ' (you)' : ''}</span>
        ${
          s.standin &&
          html`<span class="standin">played by ${s.standin}${standinWhy(s.standin_reason)}</span>`
        }
        ${s.vote && html`<${SeatVote} seat=${s} me=${me} onVote=${onVote} />`}
        ${waiting.has(s.seat) && html`<span class="waits" title="the game waits on this seat">●</span>`}
        ${clock && html`<${SeatClock} clock=${clock} seat=${s.seat} skew=${skew} banked=${banked} />`}
        ${
          host &&
          (s.kind === 'open' || (s.kind === 'person' && !s.connected)) &&
          s.seat !== me &&
          html`<${HostSeat} table=${table} seat=${s} host=${host} bots=${bots} onHost=${onHost} />`
        }
      </li>`,
      )}
    </ul>
    ${
      me !== null &&
      me !== undefined &&
      send &&
      html`<${StandIn}
      seat=${seats.find((s) => s.seat === me)} bots=${bots} send=${send} onLeave=${onLeave} />`
    }
    ${children}
  </section>`;
}

function seatLabel(s) {
  if (s.kind === 'open') return s.reserved ? 'kept for an invited friend' : 'open seat';
  if (s.kind === 'bot') return botLabel(s);
  return s.name || 'a player';
}

/** A bot's name with its kind once: the server names it ("Bot Ida (heuristic)"); the
 * kind is added only to a name that does not say it (a table of an older log). */
function botLabel({ name, bot }) {
  const kind = (bot || '').split(':')[0].trim();
  if (!name) return `${kind || 'a'} bot`;
  return !kind || name.toLowerCase().includes(kind.toLowerCase()) ? name : `${name} (${kind} bot)`;
}

function standinWhy(reason) {
  if (reason === 'vote') return ' (the others voted)';
  if (reason === 'clock') return ' (out of time)';
  return '';
}

/** An absent seat's vote (the server says it is absent: `vote`, its voters and the votes
 * it needs): shown to everybody, and a button for a seated person who has not voted. */
function SeatVote({ seat, me, onVote }) {
  const { voters, needed } = seat.vote;
  const mine = me !== null && me !== undefined && voters.includes(me);
  const count = `${voters.length} of ${needed} votes`;
  return html`<span class="seat-vote" data-voters=${voters.join(',')}>
    <span class="votes">away · ${count}</span>
    ${
      onVote &&
      !mine &&
      seat.seat !== me &&
      html`<button type="button" class="vote" onClick=${() => onVote(seat.seat)}
      aria-label=${`Vote: a bot plays seat ${seat.seat}`}>Vote: a bot plays this seat</button>`
    }
    ${mine && html`<span class="voted">you voted</span>`}
  </span>`;
}

function clockMode(clock, banked) {
  if (clock.mode === 'async') return `${clockText(clock.per_move)} a move`;
  return `${clock.per_move} s a move${banked ? ' + bank' : ''}`;
}

/** A seat's time left for its move (the server's deadline, on the server's clock) and bank. */
function SeatClock({ clock, seat, skew, banked }) {
  const now = useNow() - skew;
  const deadline = clock.deadline ? clock.deadline[String(seat)] : undefined;
  const bank = banked && clock.bank ? clock.bank[String(seat)] : undefined;
  if (deadline === undefined && bank === undefined) return null;
  return html`<span class="seat-clock" role="timer" aria-label=${`clock of seat ${seat}`}>
    ${deadline !== undefined && html`<span class="left">${clockText(deadline - now)}</span>`}
    ${bank !== undefined && html`<span class="bank">bank ${clockText(bank)}</span>`}
  </span>`;
}

/** Hand my seat to a bot, or take it back. */
function StandIn({ seat, bots, send, onLeave }) {
  const [spec, setSpec] = useState('heuristic');
  if (!seat) return null;
  if (seat.standin) {
    return html`<div class="standin-control">
      <button type="button" onClick=${() => send({ standin: null })}>Take my seat back</button>
    </div>`;
  }
  return html`<div class="standin-control">
    <label>Stand-in bot <select name="standin" value=${spec} onChange=${(e) => setSpec(e.target.value)}>
      ${(bots.length ? bots : ['heuristic']).map((b) => html`<option value=${b}>${b}</option>`)}
    </select></label>
    <button type="button" onClick=${() => send({ standin: spec })}>Hand my seat to a bot</button>
    <details class="leave"><summary>Leave the table</summary>
      <p>Your seat becomes free for someone else; this page forgets it.</p>
      <button type="button" onClick=${onLeave}>
        Leave my seat</button>
    </details>
  </div>`;
}

/** The host's controls for an open (or left) seat: its link, a new link, a bot. */
function HostSeat({ table, seat, host, bots, onHost }) {
  const [spec, setSpec] = useState('heuristic');
  const [error, setError] = useState(null);
  const token = host.invitations ? host.invitations[seat.seat] : undefined;
  const change = async (body) => {
    setError(null);
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(table)}/seats/${seat.seat}`, {
        method: 'POST',
        body,
        token: host.host,
      });
      if (answer.token) {
        const next = { ...host, invitations: { ...host.invitations, [seat.seat]: answer.token } };
        keepHostRecord(table, next);
        onHost(next);
      }
    } catch (err) {
      setError(err.message);
    }
  };
  return html`<details class="host-seat"><summary>Host: seat ${seat.seat}</summary>
    ${
      token &&
      seat.kind === 'open' &&
      html`<${CopyLink} name=${`seat-${seat.seat}`}
      label="Invitation" href=${invitationLink(table, token)} />`
    }
    <button type="button" onClick=${() => change({ revoke: true })}>New invitation link</button>
    <label>Bot for seat ${seat.seat} <select value=${spec} onChange=${(e) => setSpec(e.target.value)}>
      ${(bots.length ? bots : ['heuristic']).map((b) => html`<option value=${b}>${b}</option>`)}
    </select></label>
    <button type="button" onClick=${() => change({ bot: spec })}>Seat the bot</button>
    ${error && html`<p role="alert" class="error">${error}</p>`}
  </details>`;
}
