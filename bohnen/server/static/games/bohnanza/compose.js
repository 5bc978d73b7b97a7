// Composing a proposal, a counter or a gift within the view frame's terms (the seats it
// may go to, the cards and talers the seat may give, the beans and talers it may ask
// for, the proposals left): it is sent as the engine's JSON.
import { html, useEffect, useState } from '../../html.js';
import { seatName } from '../../common.js';
import { counterTarget, givable, newTargets, proposalAction } from './moves.js';
import { Bean } from './cards.js';

const EMPTY = { hand: [], faceUp: [], wants: [], talers: 0, wantsTalers: 0 };

export function Composer({ view, terms, seat, seats, legend, send, counter, onDone }) {
  const hand = view.players[seat].hand || [];
  const targets = counter ? [counterTarget(terms, counter.pid)].filter(Boolean) : newTargets(terms);
  const whom = targets.map((t) => t.seat);
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
  const target = targets.find((t) => t.seat === to) || targets[0];
  const give = terms ? terms.give : {};
  const asks = terms ? terms.want : {};
  const wanted = view.legend.filter((b) => b.code in asks);
  const most = (bound, code) => (bound[code] === null ? undefined : bound[code]);
  const count = (code) => pick.wants.filter((c) => c === code).length;
  const action = target ? proposalAction({ seat, target, ...pick }) : null;
  const gift = pick.wants.length === 0 && pick.wantsTalers === 0;
  const submit = (event) => {
    event.preventDefault();
    if (action && send(action)) {
      setPick(EMPTY);
      if (counter) onDone();
    }
  };
  const left = terms ? terms.left : null;
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
      ${givable(terms, 'h').map(
        (i) => html`<${Pick} key=${`h${i}`} code=${hand[i]} legend=${legend}
        note=${i === 0 ? 'front' : `card ${i + 1}`} pressed=${pick.hand.includes(i)}
        name=${`give-h${i}`} onClick=${() => toggle('hand', i)} />`,
      )}
      ${givable(terms, 'f').map(
        (i) => html`<${Pick} key=${`f${i}`} code=${view.face_up[i]}
        legend=${legend} note="face-up" pressed=${pick.faceUp.includes(i)} name=${`give-f${i}`}
        onClick=${() => toggle('faceUp', i)} />`,
      )}
      ${
        't' in give &&
        html`<label>talers <input type="number" min="0" max=${give.t}
        name="give-talers" value=${pick.talers}
        onInput=${(e) => setPick({ ...pick, talers: Number(e.target.value) || 0 })} /></label>`
      }
    </fieldset>
    <fieldset class="want"><legend>I want</legend>
      ${wanted.map(
        (b) => html`<span key=${b.code} class="want-bean">
        <button type="button" class="want-more" name=${`want-${b.code}`}
          disabled=${asks[b.code] !== null && count(b.code) >= asks[b.code]}
          aria-label=${`want one more ${b.name}`} onClick=${() => want(b.code, 1)}>
          <${Bean} code=${b.code} legend=${legend} small=${true} /></button>
        ${
          pick.wants.includes(b.code) &&
          html`<span class="want-count">×${count(b.code)}</span>
          <button type="button" class="want-less" aria-label=${`want one ${b.name} less`}
            onClick=${() => want(b.code, -1)}>−</button>`
        }
      </span>`,
      )}
      ${
        't' in asks &&
        html`<label>talers <input type="number" min="0" max=${most(asks, 't')} name="want-talers"
        value=${pick.wantsTalers}
        onInput=${(e) => setPick({ ...pick, wantsTalers: Number(e.target.value) || 0 })} /></label>`
      }
    </fieldset>
    <div class="compose-send">
      <span class="proposal-words" aria-label="the proposal in words">${
        action ? proposalWords(pick, hand, view, legend) : 'choose cards to give or beans you want'
      }</span>
      <button type="submit" class="primary" disabled=${!action}>
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

/** What a proposal composed moves, in words: "give Rote (front), face-up Soja; want Blaue". */
function proposalWords(pick, hand, view, legend) {
  const name = (code) => (legend[code] ? legend[code].name : code);
  const gives = [
    ...[...pick.hand].sort((x, y) => x - y).map((i) => `${name(hand[i])} (card ${i + 1})`),
    ...[...pick.faceUp].sort((x, y) => x - y).map((i) => `face-up ${name(view.face_up[i])}`),
    ...(pick.talers ? [`${pick.talers} talers`] : []),
  ];
  const wants = [
    ...pick.wants.map(name),
    ...(pick.wantsTalers ? [`${pick.wantsTalers} talers`] : []),
  ];
  const give = gives.length ? `give ${gives.join(', ')}` : 'give nothing';
  return `${give}; ${wants.length ? `want ${wants.join(', ')}` : 'want nothing'}`;
}
