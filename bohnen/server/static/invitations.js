// The links a table's creator gives out: one per open seat and one for spectators.
import { html } from './html.js';
import { invitationLink, spectatorLink } from './api.js';
import { CopyLink } from './common.js';

export function Invitations({ table, invitations, spectator }) {
  return html`<div class="invitations">
    ${invitations.length > 0 && html`<h3>Invitations</h3>`}
    ${invitations.map(
      ({ seat, token }) => html`<${CopyLink} key=${seat} name=${`seat-${seat}`}
      label=${`Seat ${seat}`} href=${invitationLink(table, token)} />`,
    )}
    ${
      spectator &&
      html`<${CopyLink} name="spectator" label="Spectators"
      href=${spectatorLink(table, spectator)} />`
    }
  </div>`;
}
