import { inject } from 'vitest';
import { startProduct, type RunningProduct } from '../../scripts/lib/processes';
import { startSmtpServer } from './smtp-server';
import { TEST_BUILD_DIR } from './test-build';

// The built product on the small demo, its e-mail sent to an SMTP server of the test's own:
// what every browser test that reads a mail starts (and stops) in its file's hooks.

export type MailingProduct = { product: RunningProduct; smtp: Awaited<ReturnType<typeof startSmtpServer>> };

/** Starts the SMTP server, then the product sending to it; `env` adds to (or overrides) the product's settings. */
export async function startMailingProduct(env: Record<string, string> = {}): Promise<MailingProduct> {
  const smtp = await startSmtpServer();
  try {
    return { smtp, product: await startProduct({ template: inject('smallDemo'), buildDir: TEST_BUILD_DIR, env: { SMTP_URL: smtp.url, ...env } }) };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/** Stops what startMailingProduct started (either part, if the other never started). */
export async function stopMailingProduct(stack: Partial<MailingProduct>): Promise<void> {
  await stack.product?.stop();
  await stack.smtp?.close();
}
