import type { Translator } from '../../../shared/i18n/translator';

// The e-mails the product sends, as plain text and HTML, in the language of the shopper who
// asked for them (issue 29: the caller gives the translator of that language, mail-site.ts).

export type MailContent = { subject: string; text: string; html: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sign-off under every e-mail: the brand's name, the same in every language. */
export const SIGNATURE = 'Vitrine';

/** "Hello Jane," or "Hello," in the e-mail's language. */
export function greeting({ t }: Translator, name: string | undefined): string {
  return name === undefined ? t('emails.greeting') : t('emails.greetingName', { name });
}

/**
 * An e-mail's HTML document, its language declared: a mail client picks the fonts of the
 * language's script by it (Traditional or Simplified Chinese glyphs, Tamil).
 */
export function htmlDocument(locale: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale)}"><body style="font-family: sans-serif; line-height: 1.5">
${body}
</body></html>`;
}

/**
 * Every e-mail of ours is one single-use link: a greeting, what was asked for, the link (as a
 * link and written out), how long it works, and the sign-off.
 */
export function linkMail(
  translator: Translator,
  input: { subject: string; name?: string; asked: string; link: string; linkLabel: string; validity: string },
): MailContent {
  const { subject, name, asked, link, linkLabel, validity } = input;
  const hello = greeting(translator, name);
  const text = [hello, '', asked, '', link, '', validity, '', SIGNATURE].join('\n');
  const html = htmlDocument(
    translator.locale,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(asked)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>
<p style="word-break: break-all">${escapeHtml(link)}</p>
<p>${escapeHtml(validity)}</p>
<p>${SIGNATURE}</p>`,
  );
  return { subject, text, html };
}

/** Spec section 2 "Forgot password page": a link to /confirm-password/tkn/{tkn}/key/{key}. */
export function passwordResetMail(translator: Translator, input: { name: string; link: string; validMinutes: number }): MailContent {
  const { t } = translator;
  return linkMail(translator, {
    subject: t('emails.reset.subject'),
    name: input.name,
    asked: t('emails.reset.asked'),
    link: input.link,
    linkLabel: t('emails.reset.linkLabel'),
    validity: t('emails.reset.validity', { minutes: input.validMinutes }),
  });
}

/** The e-mailed sign-in link: /sign-in-link/tkn/{tkn}/key/{key}, opened to a page with a Sign In button. */
export function signInLinkMail(translator: Translator, input: { name: string; link: string; validMinutes: number }): MailContent {
  const { t } = translator;
  return linkMail(translator, {
    subject: t('emails.signInLink.subject'),
    name: input.name,
    asked: t('emails.signInLink.asked'),
    link: input.link,
    linkLabel: t('emails.signInLink.linkLabel'),
    validity: t('emails.signInLink.validity', { minutes: input.validMinutes }),
  });
}

/**
 * The mailing list's double opt-in: the only e-mail a pending address gets. The link opens a
 * page with a button, so a mail scanner that follows links confirms nothing.
 */
export function subscriptionConfirmMail(translator: Translator, input: { link: string; validHours: number }): MailContent {
  const { t } = translator;
  return linkMail(translator, {
    subject: t('emails.subscription.subject'),
    asked: t('emails.subscription.asked'),
    link: input.link,
    linkLabel: t('emails.subscription.linkLabel'),
    validity: t('emails.subscription.validity', { hours: input.validHours }),
  });
}
