import type { AlertKind } from '../../../shared/validation/alert-rules';
import { escapeHtml, linkMail, type MailContent } from '../mail/messages';

// The alerts' e-mails: a guest address's one confirm e-mail, a confirmed address's e-mail for
// new alerts, and the message the evaluator sends a recipient after a run, listing every alert
// of theirs that fired.

/**
 * The only e-mail an unconfirmed guest address ever gets. The link opens a page with a
 * button (a mail scanner that follows links confirms nothing); it works once.
 */
export function alertConfirmMail(input: { link: string }): MailContent {
  return linkMail({
    subject: 'Confirm your Vitrine price alerts',
    asked: 'Someone set a sale or price alert on Vitrine for this address. To start receiving alerts, open this link and press the button:',
    link: input.link,
    linkLabel: 'Confirm your alerts',
    validity: 'The link works once. If you did not ask for alerts, ignore this e-mail: we will not write to you again.',
  });
}

/**
 * A confirmed address's new alerts, set by someone not signed in as its owner (issue 25: anyone
 * can type anyone's address): they start only when this link's button is pressed. One e-mail
 * for the alerts set close together (alert-service.ts, NEW_ALERTS_MAIL_EVERY).
 */
export function newAlertsConfirmMail(input: { link: string }): MailContent {
  return linkMail({
    subject: 'Confirm your new Vitrine price alerts',
    asked: 'New sale or price alerts were set on Vitrine for this address. To start them, open this link and press the button:',
    link: input.link,
    linkLabel: 'Confirm your new alerts',
    validity: 'The link works once and starts every alert waiting for this address. If you did not set them, ignore this e-mail: they stay off, and your other alerts carry on.',
  });
}

/** One fired alert as the e-mail lists it; prices already formatted in the country's currency. */
export type FiredItem = {
  kind: AlertKind;
  productName: string;
  /** Absolute URL of the 180 px image. */
  image: string;
  /** The product page on the alert's country site, or null when it has no page now. */
  link: string | null;
  oldPrice: string | null;
  newPrice: string;
  /** Stops this alert (the visible per-item link). */
  unsubscribe: string;
};

const subjectOf = (items: readonly FiredItem[]) =>
  items.length === 1
    ? `${items[0]!.kind === 'price' ? 'Price drop' : 'On sale'}: ${items[0]!.productName}`
    : `${items.length} of your Vitrine alerts: prices have dropped`;

function priceLine(item: FiredItem): string {
  return item.oldPrice === null ? `Now ${item.newPrice}` : `Was ${item.oldPrice}, now ${item.newPrice}`;
}

/**
 * What fired for one recipient in one run. `unsubscribeAll` is the link of the List-Unsubscribe
 * header too (RFC 8058 wants the same effect from the header and the body): it stops every
 * alert of the address when the mail lists several, that one alert when it lists one.
 */
export function alertsFiredMail(input: { name?: string | undefined; items: readonly FiredItem[]; unsubscribeAll: string }): MailContent {
  const { items, unsubscribeAll } = input;
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const intro = items.length === 1 ? 'An alert you set on Vitrine has fired:' : 'Alerts you set on Vitrine have fired:';
  const text = [
    greeting,
    '',
    intro,
    '',
    ...items.flatMap((item) => [item.productName, priceLine(item), ...(item.link ? [item.link] : []), `Stop this alert: ${item.unsubscribe}`, '']),
    items.length === 1 ? `Unsubscribe: ${unsubscribeAll}` : `Unsubscribe from all these alerts: ${unsubscribeAll}`,
    '',
    'Vitrine',
  ].join('\n');
  const rows = items
    .map((item) => {
      const name = escapeHtml(item.productName);
      const title = item.link ? `<a href="${escapeHtml(item.link)}">${name}</a>` : name;
      return `<tr>
<td style="padding: 8px; vertical-align: top"><img src="${escapeHtml(item.image)}" width="180" alt="${name}"></td>
<td style="padding: 8px; vertical-align: top"><p><strong>${title}</strong></p>
<p>${item.oldPrice === null ? '' : `<s>${escapeHtml(item.oldPrice)}</s> `}<strong>${escapeHtml(item.newPrice)}</strong></p>
<p><a href="${escapeHtml(item.unsubscribe)}">Stop this alert</a></p></td>
</tr>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation">
${rows}
</table>
<p><a href="${escapeHtml(unsubscribeAll)}">${items.length === 1 ? 'Unsubscribe' : 'Unsubscribe from all these alerts'}</a></p>
<p>Vitrine</p>
</body></html>`;
  return { subject: subjectOf(items), text, html };
}
