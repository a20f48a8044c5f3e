// The e-mails the product sends, as plain text and HTML.

export type MailContent = { subject: string; text: string; html: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Every e-mail of ours is one single-use link: a greeting, what was asked for, the link (as a
 * link and written out), how long it works, and the sign-off.
 */
export function linkMail(input: { subject: string; name?: string; asked: string; link: string; linkLabel: string; validity: string }): MailContent {
  const { subject, name, asked, link, linkLabel, validity } = input;
  const greeting = name === undefined ? 'Hello,' : `Hello ${name},`;
  const text = [greeting, '', asked, '', link, '', validity, '', 'Vitrine'].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(asked)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>
<p style="word-break: break-all">${escapeHtml(link)}</p>
<p>${escapeHtml(validity)}</p>
<p>Vitrine</p>
</body></html>`;
  return { subject, text, html };
}

/** Spec section 2 "Forgot password page": a link to /confirm-password/tkn/{tkn}/key/{key}. */
export function passwordResetMail(input: { name: string; link: string; validMinutes: number }): MailContent {
  return linkMail({
    subject: 'Reset your Vitrine password',
    name: input.name,
    asked: 'Someone asked to reset the password of your Vitrine account. To choose a new password, open this link:',
    link: input.link,
    linkLabel: 'Reset your password',
    validity: `The link works once, for ${input.validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  });
}

/** The e-mailed sign-in link: /sign-in-link/tkn/{tkn}/key/{key}, opened to a page with a Sign In button. */
export function signInLinkMail(input: { name: string; link: string; validMinutes: number }): MailContent {
  return linkMail({
    subject: 'Your Vitrine sign-in link',
    name: input.name,
    asked: 'Someone asked for a link to sign in to your Vitrine account. To sign in, open this link:',
    link: input.link,
    linkLabel: 'Sign in to Vitrine',
    validity: `The link works once, for ${input.validMinutes} minutes. If you did not ask for it, ignore this e-mail: nobody can use it but you, and your password stays as it is.`,
  });
}

/**
 * The mailing list's double opt-in: the only e-mail a pending address gets. The link opens a
 * page with a button, so a mail scanner that follows links confirms nothing.
 */
export function subscriptionConfirmMail(input: { link: string; validHours: number }): MailContent {
  return linkMail({
    subject: 'Confirm your subscription to the Vitrine mailing list',
    asked: 'Someone asked to add this address to the Vitrine mailing list. To confirm that you want our e-mails, open this link and press the button:',
    link: input.link,
    linkLabel: 'Confirm your subscription',
    validity: `The link works once, for ${input.validHours} hours. If you did not ask for it, ignore this e-mail: we will not write to you again.`,
  });
}
