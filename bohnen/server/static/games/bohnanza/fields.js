// A seat's bean fields, each with its bean's beanometer and the moves on it.
import { html } from '../../html.js';
import { Bean } from './cards.js';

export function Fields({ player, legend, moves, send, cost, compact = false }) {
  const fields = player.fields.map(
    (field, i) => html`<${Field} key=${i} index=${i} field=${field}
    legend=${legend} moves=${moves} send=${send} />`,
  );
  const buy = moves && moves.buyField;
  return html`<div class=${`fields${compact ? ' compact' : ''}`}>
    ${fields}
    ${
      !player.third_field &&
      !compact &&
      html`<div class="field third-missing">
      <span class="field-title">Field 2 (third)</span>
      <span class="hint">costs ${cost} talers</span>
      ${
        buy &&
        send &&
        html`<button type="button" data-action=${buy.notation} title=${buy.text}
        onClick=${() => send(buy.action)}>Buy the third field</button>`
      }
    </div>`
    }
  </div>`;
}

function Field({ index, field, legend, moves, send }) {
  const plant = moves && moves.plant.get(index);
  const traded = (moves && moves.traded.get(index)) || [];
  const harvest = moves && moves.harvest.get(index);
  const bean = field.bean ? legend[field.bean] : null;
  return html`<div class=${`field${field.bean ? '' : ' empty'}`} data-field=${index}
    aria-label=${`field ${index}`}>
    <span class="field-title">Field ${index}${index === 2 ? ' (third)' : ''}</span>
    ${
      bean
        ? html`<div class="field-bean"><${Bean} code=${field.bean} legend=${legend} />
        <span class="field-count" aria-label="beans in the field">×${field.count}</span></div>
      <${Beanometer} bean=${bean} count=${field.count} />
      <span class="field-pays">pays ${field.talers} now${
        field.next ? `; ${field.next.talers} at ${field.next.count}` : ''
      }</span>`
        : html`<span class="field-empty">empty</span>`
    }
    ${
      send &&
      html`<div class="field-moves">
      ${
        plant &&
        html`<button type="button" class="primary" data-action=${plant.notation}
        title=${plant.text} onClick=${() => send(plant.action)}>Plant the front card here</button>`
      }
      ${traded.map(
        (move) => html`<button type="button" data-action=${move.notation} title=${move.text}
        onClick=${() => send(move.action)}>Plant ${beanName(legend, move.action.bean)} here</button>`,
      )}
      ${
        harvest &&
        html`<button type="button" data-action=${harvest.notation} title=${harvest.text}
        onClick=${() => send(harvest.action)}>Harvest (${field.talers} ${
          field.talers === 1 ? 'taler' : 'talers'
        })</button>`
      }
    </div>`
    }
  </div>`;
}

/** The card's beanometer: beans needed for 1, 2, 3 and 4 talers; the steps reached lit. */
export function Beanometer({ bean, count }) {
  return html`<ol class="beanometer" aria-label=${`beanometer of ${bean.name}`}>
    ${bean.beanometer.map((need, i) =>
      need === null
        ? null
        : html`<li key=${i}
      class=${count >= need ? 'reached' : ''} title=${`${need} beans: ${i + 1} talers`}>
      <span class="need">${need}</span><span class="pays">${i + 1}</span></li>`,
    )}
  </ol>`;
}

const beanName = (legend, code) => (legend[code] ? legend[code].name : code);
