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

export function GameLog({ steps }) {
  const lines = steps.flatMap((step) => (step.events || []).map((event, i) => ({
    key: `${step.seq}.${i}`, seq: step.seq, text: event.text || event.event || '' })));
  const [box, onScroll] = useStickToBottom(lines.length);
  return html`<section class="panel log-panel" aria-label="Game log">
    <h2>Log</h2>
    <ol class="log" role="log" aria-live="polite" ref=${box} onScroll=${onScroll}
      data-lines=${lines.length}>
      ${lines.map((l) => html`<li key=${l.key} data-seq=${l.seq}>
        <span class="seq" aria-hidden="true">${l.seq}</span> ${l.text}</li>`)}
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
      ${lines.map((l) => html`<li key=${l.n}><b>${l.name || seatName(seats, l.seat)}:</b> ${l.text}</li>`)}
    </ol>
    ${onSay && html`<form class="chat-form" onSubmit=${submit}>
      <input name="chat" maxlength="500" value=${text} aria-label="Chat message"
        placeholder="Say something" onInput=${(e) => setText(e.target.value)} />
      <button type="submit">Send</button>
    </form>`}
  </section>`;
}
