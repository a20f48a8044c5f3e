import type { MessageId } from '../../../shared/i18n/message-ids';
import type { Translator } from '../../../shared/i18n/translator';
import type { AlertKind } from '../../../shared/validation/alert-rules';
import { SIGNATURE, escapeHtml, greeting, htmlDocument, linkMail, type MailContent } from '../mail/messages';
import type { AlertMailRules } from './alert-settings';

// The alerts' e-mails: a guest address's one confirm e-mail, a confirmed address's e-mail for
// new alerts, and the message the evaluator sends a recipient, listing every alert of theirs
// that fired since the last such message (at most one per ALERT_DIGEST_HOURS, issue 27). Each
// is written in the language its alerts were set in (issue 29), with the translator given.

/**
 * The only e-mail an unconfirmed guest address ever gets. The link opens a page with a
 * button (a mail scanner that follows links confirms nothing); it works once.
 */
export function alertConfirmMail(translator: Translator, input: { link: string }): MailContent {
  const { t } = translator;
  return linkMail(translator, {
    subject: t('emails.alertConfirm.subject'),
    asked: t('emails.alertConfirm.asked'),
    link: input.link,
    linkLabel: t('emails.alertConfirm.linkLabel'),
    validity: t('emails.alertConfirm.validity'),
  });
}

/**
 * A confirmed address's new alerts, set by someone not signed in as its owner (issue 25: anyone
 * can type anyone's address): they start only when this link's button is pressed. One e-mail
 * for the alerts set close together (alert-service.ts, NEW_ALERTS_MAIL_EVERY).
 */
export function newAlertsConfirmMail(translator: Translator, input: { link: string }): MailContent {
  const { t } = translator;
  return linkMail(translator, {
    subject: t('emails.newAlertsConfirm.subject'),
    asked: t('emails.newAlertsConfirm.asked'),
    link: input.link,
    linkLabel: t('emails.newAlertsConfirm.linkLabel'),
    validity: t('emails.newAlertsConfirm.validity'),
  });
}

/** One fired alert as the e-mail lists it; prices already formatted in the country's currency and the alert's locale. */
export type FiredItem = {
  kind: AlertKind;
  productName: string;
  /** Absolute URL of the 180 px image. */
  image: string;
  /** The product page on the alert's country site, in its language, or null when it has no page now. */
  link: string | null;
  oldPrice: string | null;
  newPrice: string;
  /** The size that came back (a back-in-stock alert); absent or '' for none. */
  size?: string | undefined;
  /** The store that has it at the new price (a price alert at any store, issue 28); absent for the others. */
  store?: string | undefined;
  /** Stops this alert (the visible per-item link, to the page in the alert's language). */
  unsubscribe: string;
  /**
   * The locale the alert was set in (issue 29: fr-CA); the e-mail is written in its newest
   * alert's. Absent on items queued before languages: English.
   */
  locale?: string | undefined;
};

const SUBJECTS: Readonly<Record<AlertKind, MessageId>> = {
  price: 'emails.fired.subject.price',
  sale: 'emails.fired.subject.sale',
  stock: 'emails.fired.subject.stock',
};

function subjectOf({ t }: Translator, items: readonly FiredItem[]): string {
  if (items.length === 1) return t(SUBJECTS[items[0]!.kind], { product: items[0]!.productName });
  const count = items.length;
  return items.some((item) => item.kind === 'stock') ? t('emails.fired.subject.several', { count }) : t('emails.fired.subject.severalDropped', { count });
}

/** A sale or price alert's prices as a sentence ("Was £30, now £25"), with the store that has it at the new one. */
function pricesLine({ t }: Translator, item: FiredItem): string {
  const prices = item.oldPrice === null ? t('emails.fired.now', { price: item.newPrice }) : t('emails.fired.wasNow', { oldPrice: item.oldPrice, price: item.newPrice });
  return item.store ? t('emails.fired.atStore', { price: prices, store: item.store }) : prices;
}

function priceLine(translator: Translator, item: FiredItem): string {
  const { t } = translator;
  if (item.kind === 'stock') return item.size ? t('emails.fired.backInStockSize', { size: item.size, price: item.newPrice }) : t('emails.fired.backInStock', { price: item.newPrice });
  return pricesLine(translator, item);
}

/** The HTML of a sale or price alert's prices: the old one struck through, the new one strong, then the store. */
function pricesHtml({ t }: Translator, item: FiredItem): string {
  const prices = `${item.oldPrice === null ? '' : `<s>${escapeHtml(item.oldPrice)}</s> `}<strong>${escapeHtml(item.newPrice)}</strong>`;
  if (!item.store) return prices;
  // The message's own words are escaped; the prices' markup goes in where its argument stood.
  const PRICES = '\u0000';
  return escapeHtml(t('emails.fired.atStore', { price: PRICES, store: item.store })).replace(PRICES, prices);
}

/**
 * The footer's two rules in plain words (issue 27: no e-mail storm): one e-mail per window
 * holding what fired meanwhile, and the re-arm of an alert that fired.
 */
export function alertMailRulesText({ t }: Translator, { digestHours, rearmPercent }: AlertMailRules): string[] {
  return [
    t('emails.rules.digest', { hours: digestHours }),
    rearmPercent > 0 ? t('emails.rules.rearm', { percent: rearmPercent }) : t('emails.rules.rearmAny'),
  ];
}

/**
 * What fired for one recipient since their last alert e-mail; its footer states the two rules.
 * `unsubscribeAll` is the footer's link (the page, in the e-mail's language); the
 * List-Unsubscribe header has the same effect (RFC 8058): it stops every alert of the address
 * when the mail lists several, that one alert when it lists one.
 */
export function alertsFiredMail(
  translator: Translator,
  input: { name?: string | undefined; items: readonly FiredItem[]; unsubscribeAll: string; rules: AlertMailRules },
): MailContent {
  const { t } = translator;
  const { items, unsubscribeAll } = input;
  const rules = alertMailRulesText(translator, input.rules);
  const hello = greeting(translator, input.name || undefined);
  const one = items.length === 1;
  const intro = one ? t('emails.fired.introOne') : t('emails.fired.introSeveral');
  const text = [
    hello,
    '',
    intro,
    '',
    ...items.flatMap((item) => [item.productName, priceLine(translator, item), ...(item.link ? [item.link] : []), t('emails.fired.stopAlertLink', { link: item.unsubscribe }), '']),
    one ? t('emails.fired.unsubscribeOneLink', { link: unsubscribeAll }) : t('emails.fired.unsubscribeAllLink', { link: unsubscribeAll }),
    '',
    ...rules,
    '',
    SIGNATURE,
  ].join('\n');
  const rows = items
    .map((item) => {
      const name = escapeHtml(item.productName);
      const title = item.link ? `<a href="${escapeHtml(item.link)}">${name}</a>` : name;
      return `<tr>
<td style="padding: 8px; vertical-align: top"><img src="${escapeHtml(item.image)}" width="180" alt="${name}"></td>
<td style="padding: 8px; vertical-align: top"><p><strong>${title}</strong></p>
<p>${item.kind === 'stock' ? escapeHtml(priceLine(translator, item)) : pricesHtml(translator, item)}</p>
<p><a href="${escapeHtml(item.unsubscribe)}">${escapeHtml(t('emails.fired.stopAlert'))}</a></p></td>
</tr>`;
    })
    .join('\n');
  const html = htmlDocument(
    translator.locale,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation">
${rows}
</table>
<p><a href="${escapeHtml(unsubscribeAll)}">${escapeHtml(one ? t('emails.fired.unsubscribeOne') : t('emails.fired.unsubscribeAll'))}</a></p>
${rules.map((line) => `<p style="color: #555; font-size: 0.9em">${escapeHtml(line)}</p>`).join('\n')}
<p>${SIGNATURE}</p>`,
  );
  return { subject: subjectOf(translator, items), text, html };
}
