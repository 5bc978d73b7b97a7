// "Your move": the signal that the table waits on this seat. The game waits on the seats
// of the view frame's `must_act` (those it cannot go on without: in open trading not every
// seat that may trade, only the one whose move the game needs), never on a seat that only
// may act. While it waits on mine, the tab's title starts with "● "; when it starts
// waiting, a sound (made here with the Web Audio API) and a browser notification, each
// only if the person asked for it. The page asks once; the choice is kept in
// localStorage ("bohnen:alerts": {asked, sound, notify}), both off until chosen.
import { html, useEffect, useLayoutEffect, useRef } from './html.js';

const KEY = 'bohnen:alerts';
const OFF = { asked: false, sound: false, notify: false };

/** The alert settings kept in this browser (all off until the person chose). */
export function loadAlerts() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || 'null');
    if (!kept || typeof kept !== 'object') return { ...OFF };
    return { asked: kept.asked === true, sound: kept.sound === true, notify: kept.notify === true };
  } catch {
    return { ...OFF };
  }
}

export function saveAlerts(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    /* private mode: the choice lasts as long as the page */
  }
}

/** Whether the game waits on `me` in the view `frame`: its `must_act` holds the seat. */
export function waitsOn(frame, me, over) {
  if (me === null || me === undefined || over || !frame) return false;
  return (frame.must_act || []).includes(me);
}

/** Asks the browser for leave to notify (on a click: browsers ask only then); true if given. */
export async function askNotifications() {
  if (!('Notification' in window)) return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  try {
    return (await Notification.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

let context = null;

function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) context = new Context();
  return context;
}

/** Lets the page make sounds: browsers start audio only after a click or a key. */
export function unlockSound() {
  const ctx = audio();
  if (ctx && ctx.state === 'suspended') ctx.resume().catch(() => {});
}

/** Two short rising notes. */
export function chime() {
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  [660, 880].forEach((freq, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const start = now + i * 0.14;
    osc.type = 'sine';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.32);
  });
}

/** A notification, unless the person is looking at the page. */
function notify(body, tag) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  if (document.visibilityState === 'visible' && document.hasFocus()) return;
  const note = new Notification('bohnen: your move', { body, tag });
  note.onclick = () => {
    window.focus();
    note.close();
  };
}

/**
 * The tab's title (with "● " while `waiting`), and the sound and notification when the
 * table starts waiting on the seat (not for the state the page found on opening:
 * `ready` is false until the first view frame came).
 */
export function useYourMove({ waiting, ready, title, settings, body, tag }) {
  // set in the same rendering as the page it belongs to, never a frame behind
  useLayoutEffect(() => {
    document.title = `${waiting ? '● ' : ''}${title}`;
  }, [waiting, title]);
  const before = useRef(null);
  useEffect(() => {
    const was = before.current;
    before.current = ready ? waiting : null;
    if (was !== false || !waiting) return;
    if (settings.sound) chime();
    if (settings.notify) notify(body, tag);
  }, [waiting, ready]);
  useEffect(() => {
    // a click or a key lets the page make its sound later
    if (!settings.sound) return undefined;
    const unlock = () => unlockSound();
    document.addEventListener('pointerdown', unlock);
    document.addEventListener('keydown', unlock);
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [settings.sound]);
}

/** The question asked once at a table: shall the page tell the person of their move? */
export function AlertsAsk({ settings, onChange }) {
  if (settings.asked) return null;
  const choose = async (sound, notifyToo) => {
    if (sound) unlockSound();
    const allowed = notifyToo ? await askNotifications() : false;
    onChange({ asked: true, sound, notify: allowed });
  };
  return html`<section class="alerts-ask" aria-label="Your-move alerts">
    <span>When the table waits on you, shall this page tell you?</span>
    <button type="button" onClick=${() => choose(true, true)}>Sound and notification</button>
    <button type="button" onClick=${() => choose(true, false)}>Sound only</button>
    <button type="button" onClick=${() => choose(false, false)}>No, thanks</button>
  </section>`;
}

/** The alert settings, to change later (in the seats' panel). */
export function AlertsSettings({ settings, onChange }) {
  const set = async (key, box) => {
    let on = box.checked;
    if (on && key === 'sound') unlockSound();
    if (on && key === 'notify') on = await askNotifications();
    box.checked = on; // a notification the browser refused stays off
    onChange({ ...settings, [key]: on, asked: true });
  };
  return html`<details class="alerts-settings"><summary>Your-move alerts</summary>
    <label><input type="checkbox" name="alert-sound" checked=${settings.sound}
      onChange=${(e) => set('sound', e.target)} /> a sound</label>
    <label><input type="checkbox" name="alert-notify" checked=${settings.notify}
      onChange=${(e) => set('notify', e.target)} /> a notification</label>
  </details>`;
}
