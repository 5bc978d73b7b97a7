// The links a table's creator gives out: one per open seat (a friend's, kept for its link,
// or anybody's) and one for spectators.
import { html } from './html.js';
import { invitationLink, spectatorLink } from './api.js';
import { CopyLink } from './common.js';

export function Invitations({ table, invitations, spectator, reserved = [] }) {
  return html`<div class="invitations">
    ${invitations.length > 0 && html`<h3>Invitations</h3>`}
    ${invitations.map(
      ({ seat, token }) => html`<${CopyLink} key=${seat} name=${`seat-${seat}`}
      label=${reserved.includes(seat) ? `Seat ${seat} (a friend's)` : `Seat ${seat} (anybody's)`}
      href=${invitationLink(table, token)} />`,
    )}
    ${
      spectator &&
      html`<${CopyLink} name="spectator" label="Spectators"
      href=${spectatorLink(table, spectator)} />`
    }
  </div>`;
}
