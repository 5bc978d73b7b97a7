// The server's HTTP API (JSON; an error is {"detail": ...}), the tokens a browser keeps
// for a table, and the links to give out.

/** The JSON answer of `path`; throws an Error carrying the server's reason. */
export async function api(path, { method = 'GET', body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new Error(`the server cannot be reached (${err.message})`, { cause: err });
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error(reason(data, response));
  return data;
}

function reason(data, response) {
  const detail = data && data.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    // FastAPI's validation errors
    return detail.map((d) => `${(d.loc || []).slice(1).join('.')}: ${d.msg}`).join('; ');
  }
  return `${response.status} ${response.statusText}`;
}

// A seat's token for a table: localStorage["bohnen:" + table], so a reload keeps the seat.
const seatKey = (table) => `bohnen:${table}`;
const hostKey = (table) => `bohnen:host:${table}`;

function load(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function save(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode: the seat lasts as long as the page */
  }
}

export const seatToken = (table) => load(seatKey(table));
export const keepSeatToken = (table, token) => save(seatKey(table), token);

/** What the creator of a table keeps: {host, invitations: {seat: token}, spectator}. */
export function hostRecord(table) {
  try {
    return JSON.parse(load(hostKey(table)) || 'null');
  } catch {
    return null;
  }
}
export const keepHostRecord = (table, record) => save(hostKey(table), JSON.stringify(record));

export const lastName = () => load('bohnen:name') || '';
export const keepName = (name) => save('bohnen:name', name);

export const invitationLink = (table, token) =>
  `${location.origin}/t/${encodeURIComponent(table)}#invite=${encodeURIComponent(token)}`;
export const spectatorLink = (table, token) =>
  `${location.origin}/t/${encodeURIComponent(table)}#watch=${encodeURIComponent(token)}`;
/** The path of the list of tables: the first page of every list, or the page of list
 * `kind` after the cursor `after` (a list's `next` in the last answer). */
export const tablesPath = (kind, after) =>
  kind
    ? `/api/tables?list=${encodeURIComponent(kind)}&after=${encodeURIComponent(after)}`
    : '/api/tables';

export const tableLink = (table) => `/t/${encodeURIComponent(table)}`;
export const replayLink = (table) => `/replay/${encodeURIComponent(table)}`;

/** The fragment's parameters: `#invite=...` or `#watch=...`. */
export function fragment() {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}
