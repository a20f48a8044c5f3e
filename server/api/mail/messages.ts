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
