// The game log (each step's events as this seat may see them) and the table's chat.
import { html, useLayoutEffect, useRef, useState } from './html.js';
import { seatName } from './common.js';

/** Keep a scrolled list at its bottom when new lines come, unless the reader scrolled up. */
function useStickToBottom(length) {
  const box = useRef(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    if (box.current && atBottom.current) box.current.scrollTop = box.current.scrollHeight;
  }, [length]);
  const onScroll = () => {
    const el = box.current;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 8;
  };
  return [box, onScroll];
}

/**
 * The lines of the log: each event of each step; a step the clock forced (the step
 * frame's `forced` mark: the seat's time ran out and its stand-in moved for it) says so
 * first, "Bea's clock ran out: Bea plants …"; and the table's notices (chat frames with
 * `notice`: a vote, the host's removal of a person), each after the step it followed.
 */
export function logLines(steps, seats, notices = []) {
  const lines = stepLines(steps, seats);
  const told = notices.map((n) => ({ key: `n${n.n}`, seq: n.seq, text: n.text, notice: true }));
  return [...lines, ...told].sort((a, b) => a.seq - b.seq || Number(a.notice) - Number(b.notice));
}

function stepLines(steps, seats) {
  return steps.flatMap((step) => {
    const texts = (step.events || []).map((event) => event.text || event.event || '');
    if (step.forced) {
      const ran = `${seatName(seats, step.seat)}'s clock ran out`;
      texts.splice(0, 1, texts.length ? `${ran}: ${texts[0]}` : `${ran}.`);
    }
    return texts.map((text, i) => ({
      key: `${step.seq}.${i}`,
      seq: step.seq,
      text,
      forced: Boolean(step.forced) && i === 0,
    }));
  });
}

export function GameLog({ steps, seats, notices = [] }) {
  const lines = logLines(steps, seats, notices);
  const [box, onScroll] = useStickToBottom(lines.length);
  return html`<section class="panel log-panel" aria-label="Game log">
    <h2>Log</h2>
    <ol class="log" role="log" aria-live="polite" ref=${box} onScroll=${onScroll}
      data-lines=${lines.length}>
      ${lines.map(
        (l) => html`<li key=${l.key} data-seq=${l.seq}
          class=${l.forced ? 'forced' : l.notice ? 'notice' : ''}>
        <span class="seq" aria-hidden="true">${l.seq}</span> ${l.text}</li>`,
      )}
    </ol>
  </section>`;
}

export function Chat({ lines, seats, onSay }) {
  const [text, setText] = useState('');
  const [box, onScroll] = useStickToBottom(lines.length);
  const submit = (event) => {
    event.preventDefault();
    const said = text.trim();
    if (said && onSay(said)) setText('');
  };
  return html`<section class="panel chat-panel" aria-label="Chat">
    <h2>Chat</h2>
    <ol class="chat" role="log" aria-live="polite" ref=${box} onScroll=${onScroll}>
      ${lines.map((l) =>
        l.notice
          ? html`<li key=${l.n} class="notice">${l.text}</li>`
          : html`<li key=${l.n}><b>${l.name || seatName(seats, l.seat)}:</b> ${l.text}</li>`,
      )}
    </ol>
    ${
      onSay &&
      html`<form class="chat-form" onSubmit=${submit}>
      <input name="chat" maxlength="500" value=${text} aria-label="Chat message"
        placeholder="Say something" onInput=${(e) => setText(e.target.value)} />
      <button type="submit">Send</button>
    </form>`
    }
  </section>`;
}
