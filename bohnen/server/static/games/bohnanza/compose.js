// Composing a proposal, a counter or a gift: the cards to give (hand, and face-up cards
// for the active seat), the beans wanted, the seat it goes to; it is sent in notation.
import { html, useEffect, useState } from '../../html.js';
import { seatName } from '../../common.js';
import { proposalNotation } from './moves.js';
import { Bean } from './cards.js';

const EMPTY = { hand: [], faceUp: [], wants: [], talers: 0, wantsTalers: 0 };

/** Whom `seat` may propose to: anyone if it is the active seat, else the active seat. */
export function targets(view, seat) {
  if (seat === view.active) return view.players.map((p) => p.seat).filter((s) => s !== seat);
  return [view.active];
}

export function Composer({ view, seat, seats, legend, send, counter, onDone }) {
  const me = view.players[seat];
  const hand = me.hand || [];
  const active = seat === view.active;
  const whom = counter ? [counter.from] : targets(view, seat);
  const [to, setTo] = useState(whom[0]);
  const [pick, setPick] = useState(EMPTY);
  const handKey = hand.join(',');
  const faceKey = view.face_up.join(',');
  useEffect(() => setPick(EMPTY), [handKey, faceKey, counter && counter.pid]);
  useEffect(() => {
    if (!whom.includes(to)) setTo(whom[0]);
  }, [whom.join(',')]);
  const toggle = (key, i) =>
    setPick({
      ...pick,
      [key]: pick[key].includes(i) ? pick[key].filter((x) => x !== i) : [...pick[key], i],
    });
  const want = (code, delta) => {
    const wants = [...pick.wants];
    if (delta > 0) wants.push(code);
    else if (wants.includes(code)) wants.splice(wants.lastIndexOf(code), 1);
    setPick({ ...pick, wants });
  };
  const expert = view.options.expert_taler_trading;
  const notation = proposalNotation({
    seat,
    to,
    pid: counter ? counter.pid : null,
    ...pick,
    order: view.legend.map((b) => b.code),
  });
  const gift = pick.wants.length === 0 && pick.wantsTalers === 0;
  const submit = (event) => {
    event.preventDefault();
    if (notation && send(notation)) {
      setPick(EMPTY);
      if (counter) onDone();
    }
  };
  const left = me.proposals_left;
  return html`<form class="composer" aria-label=${counter ? `Counter offer ${counter.pid}` : 'Propose a trade'}
    onSubmit=${submit}>
    <h3>${counter ? `Counter offer #${counter.pid} of ${seatName(seats, counter.from)}` : 'Propose a trade'}
      ${left !== null && left !== undefined && html` <small>(${left} proposals left this turn)</small>`}
      ${counter && html` <button type="button" onClick=${onDone}>Cancel the counter</button>`}</h3>
    ${
      !counter &&
      html`<label>To <select name="to" value=${to}
      onChange=${(e) => setTo(Number(e.target.value))}>
      ${whom.map((s) => html`<option value=${s}>${seatName(seats, s)}</option>`)}</select></label>`
    }
    <fieldset class="give"><legend>I give</legend>
      ${hand.map(
        (code, i) => html`<${Pick} key=${`h${i}`} code=${code} legend=${legend}
        note=${i === 0 ? 'front' : `card ${i + 1}`} pressed=${pick.hand.includes(i)}
        name=${`give-h${i}`} onClick=${() => toggle('hand', i)} />`,
      )}
      ${
        active &&
        view.face_up.map(
          (code, i) => html`<${Pick} key=${`f${i}`} code=${code}
        legend=${legend} note="face-up" pressed=${pick.faceUp.includes(i)} name=${`give-f${i}`}
        onClick=${() => toggle('faceUp', i)} />`,
        )
      }
      ${
        expert &&
        html`<label>talers <input type="number" min="0" max=${me.talers}
        name="give-talers" value=${pick.talers}
        onInput=${(e) => setPick({ ...pick, talers: Number(e.target.value) || 0 })} /></label>`
      }
    </fieldset>
    <fieldset class="want"><legend>I want</legend>
      ${view.legend.map(
        (b) => html`<span key=${b.code} class="want-bean">
        <button type="button" class="want-more" name=${`want-${b.code}`}
          aria-label=${`want one more ${b.name}`} onClick=${() => want(b.code, 1)}>
          <${Bean} code=${b.code} legend=${legend} small=${true} /></button>
        ${
          pick.wants.includes(b.code) &&
          html`<span class="want-count">×${pick.wants.filter((c) => c === b.code).length}</span>
          <button type="button" class="want-less" aria-label=${`want one ${b.name} less`}
            onClick=${() => want(b.code, -1)}>−</button>`
        }
      </span>`,
      )}
      ${
        expert &&
        html`<label>talers <input type="number" min="0" name="want-talers"
        value=${pick.wantsTalers}
        onInput=${(e) => setPick({ ...pick, wantsTalers: Number(e.target.value) || 0 })} /></label>`
      }
    </fieldset>
    <div class="compose-send">
      <code class="notation" aria-label="the proposal as written">${notation || 'choose cards to give or beans you want'}</code>
      <button type="submit" class="primary" disabled=${!notation}>
        ${counter ? 'Send the counter' : gift ? 'Send the gift' : 'Send the proposal'}</button>
      <button type="button" onClick=${() => setPick(EMPTY)}>Clear</button>
    </div>
  </form>`;
}

function Pick({ code, legend, note, pressed, name, onClick }) {
  return html`<button type="button" class=${`pick${pressed ? ' picked' : ''}`} name=${name}
    aria-pressed=${pressed ? 'true' : 'false'} onClick=${onClick}>
    <${Bean} code=${code} legend=${legend} note=${note} small=${true} /></button>`;
}
