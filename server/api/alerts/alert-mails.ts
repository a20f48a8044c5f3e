import type { AlertKind } from '../../../shared/validation/alert-rules';
import { escapeHtml, linkMail, type MailContent } from '../mail/messages';
import type { AlertMailRules } from './alert-settings';

// The alerts' e-mails: a guest address's one confirm e-mail, a confirmed address's e-mail for
// new alerts, and the message the evaluator sends a recipient, listing every alert of theirs
// that fired since the last such message (at most one per ALERT_DIGEST_HOURS, issue 27).

/**
 * The only e-mail an unconfirmed guest address ever gets. The link opens a page with a
 * button (a mail scanner that follows links confirms nothing); it works once.
 */
export function alertConfirmMail(input: { link: string }): MailContent {
  return linkMail({
    subject: 'Confirm your Vitrine price alerts',
    asked: 'Someone set a sale, price or back-in-stock alert on Vitrine for this address. To start receiving alerts, open this link and press the button:',
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
    asked: 'New sale, price or back-in-stock alerts were set on Vitrine for this address. To start them, open this link and press the button:',
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
  /** The size that came back (a back-in-stock alert); absent or '' for none. */
  size?: string | undefined;
  /** The store that has it at the new price (a price alert at any store, issue 28); absent for the others. */
  store?: string | undefined;
  /** Stops this alert (the visible per-item link). */
  unsubscribe: string;
};

const SUBJECT_WORDS: Readonly<Record<AlertKind, string>> = { price: 'Price drop', sale: 'On sale', stock: 'Back in stock' };

function subjectOf(items: readonly FiredItem[]): string {
  if (items.length === 1) return `${SUBJECT_WORDS[items[0]!.kind]}: ${items[0]!.productName}`;
  return items.some((item) => item.kind === 'stock') ? `${items.length} of your Vitrine alerts have fired` : `${items.length} of your Vitrine alerts: prices have dropped`;
}

function priceLine(item: FiredItem): string {
  if (item.kind === 'stock') return `Back in stock${item.size ? ` in size ${item.size}` : ''}, now ${item.newPrice}`;
  const at = item.store ? ` at ${item.store}` : '';
  return item.oldPrice === null ? `Now ${item.newPrice}${at}` : `Was ${item.oldPrice}, now ${item.newPrice}${at}`;
}

const hoursWords = (hours: number) => (hours === 1 ? 'hour' : `${hours} hours`);

/**
 * The footer's two rules in plain words (issue 27: no e-mail storm): one e-mail per window
 * holding what fired meanwhile, and the re-arm of an alert that fired.
 */
export function alertMailRulesText({ digestHours, rearmPercent }: AlertMailRules): string[] {
  return [
    `We send you at most one alert e-mail every ${hoursWords(digestHours)}: alerts that fire in between wait and come together in the next one.`,
    rearmPercent > 0
      ? `A sale or price alert that has fired tells you again only when the price falls at least ${rearmPercent}% below the price it told you about. A back-in-stock alert tells you once.`
      : 'A sale or price alert that has fired tells you again only when the price falls below the price it told you about. A back-in-stock alert tells you once.',
  ];
}

/**
 * What fired for one recipient since their last alert e-mail; its footer states the two rules.
 * `unsubscribeAll` is the link of the List-Unsubscribe header too (RFC 8058 wants the same
 * effect from the header and the body): it stops every alert of the address when the mail
 * lists several, that one alert when it lists one.
 */
export function alertsFiredMail(input: { name?: string | undefined; items: readonly FiredItem[]; unsubscribeAll: string; rules: AlertMailRules }): MailContent {
  const { items, unsubscribeAll } = input;
  const rules = alertMailRulesText(input.rules);
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
    ...rules,
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
<p>${item.kind === 'stock' ? escapeHtml(priceLine(item)) : `${item.oldPrice === null ? '' : `<s>${escapeHtml(item.oldPrice)}</s> `}<strong>${escapeHtml(item.newPrice)}</strong>${item.store ? ` at ${escapeHtml(item.store)}` : ''}`}</p>
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
${rules.map((line) => `<p style="color: #555; font-size: 0.9em">${escapeHtml(line)}</p>`).join('\n')}
<p>Vitrine</p>
</body></html>`;
  return { subject: subjectOf(items), text, html };
}
