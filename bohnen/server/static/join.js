// Taking a seat: with an invitation (that seat) or at a free seat of the table's choice.
import { html, useEffect, useState } from './html.js';
import { api, keepName, keepSeatToken, lastName } from './api.js';

/** The join form; `onJoined(token)` once the server gave a seat. */
export function JoinForm({ table, invitation, onJoined, onWatch }) {
  const [summary, setSummary] = useState(null);
  const [name, setName] = useState(lastName());
  const [seat, setSeat] = useState('');
  const [error, setError] = useState(null);
  useEffect(() => {
    api(`/api/tables/${encodeURIComponent(table)}`).then(setSummary, (err) =>
      setError(err.message),
    );
  }, [table]);
  // a seat kept for an invited friend is not offered: only its link takes it
  const free = summary
    ? summary.seats.filter((s) => s.kind === 'open' && !s.reserved).map((s) => s.seat)
    : [];
  const submit = async (event) => {
    event.preventDefault();
    setError(null);
    const body = { name: name.trim() };
    if (invitation) body.invitation = invitation;
    else if (seat !== '') body.seat = Number(seat);
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(table)}/join`, {
        method: 'POST',
        body,
      });
      keepName(body.name);
      keepSeatToken(table, answer.token);
      onJoined(answer.token);
    } catch (err) {
      setError(err.message);
    }
  };
  const full = summary && !invitation && free.length === 0;
  const kept = summary ? summary.seats.some((s) => s.kind === 'open' && s.reserved) : false;
  return html`<main class="page join">
    <header class="page-header"><h1><a href="/">bohnen</a> · table ${table}</h1></header>
    <section class="card" aria-label="Join the table">
      <h2>${invitation ? 'You are invited to this table' : 'Join this table'}</h2>
      ${
        summary &&
        html`<p>${`${summary.game}, ${summary.players} players: ${summary.seats
          .map((s) =>
            s.kind !== 'open'
              ? `seat ${s.seat} ${s.name || s.bot}`
              : s.reserved
                ? `seat ${s.seat} kept for an invited friend`
                : `seat ${s.seat} free`,
          )
          .join(', ')}.`}</p>`
      }
      ${
        full
          ? html`<p>${
              kept
                ? 'The seats left are kept for invited friends: only their links take them.'
                : 'Every seat is taken.'
            }</p>`
          : html`<form onSubmit=${submit}>
        <label>Your name <input name="name" required maxlength="40" value=${name}
          onInput=${(e) => setName(e.target.value)} /></label>
        ${
          !invitation &&
          free.length > 1 &&
          html`<label>Seat <select name="seat" value=${seat}
          onChange=${(e) => setSeat(e.target.value)}>
          <option value="">any free seat</option>
          ${free.map((s) => html`<option value=${s}>seat ${s}</option>`)}</select></label>`
        }
        <button class="primary" type="submit">Take the seat</button>
      </form>`
      }
      ${
        summary &&
        summary.spectator &&
        html`<p><button type="button"
        onClick=${() => onWatch(summary.spectator)}>Watch instead</button></p>`
      }
      ${error && html`<p role="alert" class="error">${error}</p>`}
    </section>
  </main>`;
}
