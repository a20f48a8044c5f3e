// The e-mails the product sends, as plain text and HTML.

export type MailContent = { subject: string; text: string; html: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Spec section 2 "Forgot password page": a link to /confirm-password/tkn/{tkn}/key/{key}. */
export function passwordResetMail(input: { name: string; link: string; validMinutes: number }): MailContent {
  const { name, link, validMinutes } = input;
  const text = [
    `Hello ${name},`,
    '',
    'Someone asked to reset the password of your Vitrine account. To choose a new password, open this link:',
    '',
    link,
    '',
    `The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    '',
    'Vitrine',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your Vitrine account. To choose a new password, open this link:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p style="word-break: break-all">${escapeHtml(link)}</p>
<p>The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
<p>Vitrine</p>
</body></html>`;
  return { subject: 'Reset your Vitrine password', text, html };
}

/** The e-mailed sign-in link: /sign-in-link/tkn/{tkn}/key/{key}, opened to a page with a Sign In button. */
export function signInLinkMail(input: { name: string; link: string; validMinutes: number }): MailContent {
  const { name, link, validMinutes } = input;
  const text = [
    `Hello ${name},`,
    '',
    'Someone asked for a link to sign in to your Vitrine account. To sign in, open this link:',
    '',
    link,
    '',
    `The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this e-mail: nobody can use it but you, and your password stays as it is.`,
    '',
    'Vitrine',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello ${escapeHtml(name)},</p>
<p>Someone asked for a link to sign in to your Vitrine account. To sign in, open this link:</p>
<p><a href="${escapeHtml(link)}">Sign in to Vitrine</a></p>
<p style="word-break: break-all">${escapeHtml(link)}</p>
<p>The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this e-mail: nobody can use it but you, and your password stays as it is.</p>
<p>Vitrine</p>
</body></html>`;
  return { subject: 'Your Vitrine sign-in link', text, html };
}

/**
 * The mailing list's double opt-in: the only e-mail a pending address gets. The link opens a
 * page with a button, so a mail scanner that follows links confirms nothing.
 */
export function subscriptionConfirmMail(input: { link: string; validHours: number }): MailContent {
  const { link, validHours } = input;
  const text = [
    'Hello,',
    '',
    'Someone asked to add this address to the Vitrine mailing list. To confirm that you want our e-mails, open this link and press the button:',
    '',
    link,
    '',
    `The link works once, for ${validHours} hours. If you did not ask for it, ignore this e-mail: we will not write to you again.`,
    '',
    'Vitrine',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello,</p>
<p>Someone asked to add this address to the Vitrine mailing list. To confirm that you want our e-mails, open this link and press the button:</p>
<p><a href="${escapeHtml(link)}">Confirm your subscription</a></p>
<p style="word-break: break-all">${escapeHtml(link)}</p>
<p>The link works once, for ${validHours} hours. If you did not ask for it, ignore this e-mail: we will not write to you again.</p>
<p>Vitrine</p>
</body></html>`;
  return { subject: 'Confirm your subscription to the Vitrine mailing list', text, html };
}
