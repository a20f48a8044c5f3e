import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startNodeProcess, tempDataDir, waitForUrl, type NodeProcess } from '../../../scripts/lib/processes';
import { ALERT_CONSUMER, AlertEvaluator } from '../../../server/api/alerts/alert-evaluator';
import { AlertLinks } from '../../../server/api/alerts/alert-links';
import { upsertCategoryTree } from '../../../server/api/catalog/category-table';
import { latestCursor, saveCursor } from '../../../server/api/catalog/catalog-changes';
import { importStores } from '../../../server/api/catalog/store-manifest';
import { openDatabase } from '../../../server/api/db/open-database';
import { MailOutbox } from '../../../server/api/mail/outbox';
import { logTransport } from '../../../server/api/mail/transports';
import { createLogger } from '../../../server/lib/logger';
import { fixtureManifest } from '../../support/feed-fixtures';
import { closedPort } from '../../support/closed-port';
import { startSmtpServer } from '../../support/smtp-server';
import { testBuild } from '../../support/test-build';
import { openTestDataDir } from '../../support/test-database';
import { registerUser } from '../accounts/accounts-api';
import { FEEDS, SITE_URL, alertClient, editTsv, guidOf, headerOf, importFixture, startAlertsApi, textOf, type FeedName } from './alerts-support';
import { OPERATOR_IMPORT_PATH } from '../../../server/api/catalog/operator-handoff';

// Exactly once across a crash: the evaluator commits its match, the notification and the
// e-mail in one transaction; the api goes away before the outbox sends. First in-process (its
// outbox never gets to run, the database is closed under it, and the successor is made to
// read the same log entries again: nothing is notified twice); then a real api process killed
// with SIGKILL while the e-mail is queued and its relay down. Each time the built api, started
// again on the same data directory, sends that e-mail once.

const dirs: string[] = [];
const running: NodeProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('an alert e-mail across a restart', () => {
  it('is sent exactly once by the api started again on the same data, and nothing is notified twice', async () => {
    const smtp = await startSmtpServer();
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const silent = createLogger('api', 'silent');

    // The first life: the catalogue, a shopper's price alert, a price cut, the evaluator's commit.
    const db = await openTestDataDir(dataDir);
    await upsertCategoryTree(db);
    await importStores(db, fixtureManifest());
    for (const name of Object.keys(FEEDS) as FeedName[]) await importFixture(db, name);
    const api = await startAlertsApi(db);
    const user = await registerUser(api);
    await alertClient(api, user.token).setUser({ id: guidOf('northlane', 'NL100-BLK-S'), alertPrice: '50', country: 'gb' }).expect(200);
    // An outbox that never runs: the process "dies" after the commit and before any send.
    const deadOutbox = new MailOutbox(db, logTransport(silent), silent);
    await deadOutbox.stop();
    const evaluator = new AlertEvaluator({ db, outbox: deadOutbox, links: new AlertLinks(db), logger: silent, siteUrl: SITE_URL });
    await evaluator.run();
    const before = await latestCursor(db);
    await importFixture(db, 'northlaneGB', editTsv(FEEDS.northlaneGB.text, { 'NL100-BLK-S': { sale_price: '45.00 GBP' } }));
    expect(await evaluator.run()).toEqual({ changes: 1, matches: 1, mails: 1 });
    // Its successor will read the same entries again.
    await saveCursor(db, ALERT_CONSUMER, before);
    await api.close();
    await db.close();
    expect(smtp.received).toEqual([]);

    // The second life: the built api on the same data directory, mail to the SMTP sink.
    const port = await freePort();
    const proc = startNodeProcess(testBuild('server/api.js'), {
      LOG_LEVEL: 'info',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_CATALOG: 'false',
      SMTP_URL: smtp.url,
      SITE_URL,
    });
    running.push(proc);
    try {
      const mail = await smtp.waitForMail(user.email, 60_000);
      expect(textOf(mail)).toContain('Was £59, now £45');
      expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      // Ready means its evaluator has started its catch-up; SIGTERM waits for that run to end.
      await waitForUrl(`http://127.0.0.1:${port}/readyz`, proc);
      expect(await proc.stop('SIGTERM')).toBe(0);
      expect(proc.output()).not.toContain('alert evaluator: alerts fired');
    } finally {
      await smtp.close();
    }
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);

    const after = await openDatabase({ dataDir });
    try {
      const [counts] = await after.query<{ mails: number; sent: number; notified: number; bell: number; cursor: number }>(
        `SELECT (SELECT count(*) FROM mail_outbox WHERE kind = 'alert')::int AS mails,
                (SELECT count(*) FROM mail_outbox WHERE kind = 'alert' AND status = 'sent')::int AS sent,
                (SELECT count(*) FROM alert_notified)::int AS notified,
                (SELECT count(*) FROM notifications)::int AS bell,
                (SELECT position FROM catalog_change_cursors WHERE consumer = $1)::int AS cursor`,
        [ALERT_CONSUMER],
      );
      expect(counts).toEqual({ mails: 1, sent: 1, notified: 1, bell: 1, cursor: await latestCursor(after) });
    } finally {
      await after.close();
    }
  }, 120_000);

  it('is sent exactly once after the api is killed (SIGKILL) with the e-mail queued and not sent', async () => {
    const smtp = await startSmtpServer();
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const db = await openTestDataDir(dataDir);
    await upsertCategoryTree(db);
    await importStores(db, fixtureManifest());
    for (const name of Object.keys(FEEDS) as FeedName[]) await importFixture(db, name);
    await db.close();

    // The first life: a real api process whose mail relay is down, so the evaluator's e-mail
    // is queued (committed with its match) and its send fails; then it is killed outright.
    const secret = 'k'.repeat(40);
    // The outbox retries a failed e-mail after MAIL_RETRY_MS (30 s unless set) and sweeps as
    // often. The first life's is 10 s, so the kill, made as soon as the failure is logged, comes
    // before a second attempt: killed during one, the e-mail would stay claimed for the lease's
    // two minutes. The second life sweeps every second.
    const env = { LOG_LEVEL: 'info', DATA_DIR: dataDir, DEMO_CATALOG: 'false', SITE_URL, OPERATOR_SECRET: secret };
    const firstPort = await freePort();
    const first = startNodeProcess(testBuild('server/api.js'), {
      ...env,
      API_PORT: String(firstPort),
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      MAIL_RETRY_MS: '10000',
    });
    running.push(first);
    const firstUrl = `http://127.0.0.1:${firstPort}`;
    await waitForUrl(`${firstUrl}/readyz`, first);
    const user = await registerUser({ url: firstUrl });
    await alertClient({ url: firstUrl }, user.token).setUser({ id: guidOf('northlane', 'NL100-BLK-S'), alertPrice: '50', country: 'gb' }).expect(200);
    // The price cut, handed to the running api as `npm run import` does.
    const cut = await fetch(`${firstUrl}${OPERATOR_IMPORT_PATH}?kind=feed&name=northlane.gb.tsv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
      body: editTsv(FEEDS.northlaneGB.text, { 'NL100-BLK-S': { sale_price: '45.00 GBP' } }),
    });
    expect(cut.status).toBe(200);
    // Signals from its log: the evaluator committed the match, and the send then failed.
    await waitForOutput(first, 'mail outbox: sending failed');
    expect(first.output()).toContain('alert evaluator: alerts fired');
    await first.stop('SIGKILL');
    expect(smtp.received).toEqual([]);

    // The second life: the same data directory, the relay up. The queued e-mail goes once (at
    // its retry time, 10 s after the failed attempt), and nothing is notified again.
    const secondPort = await freePort();
    const second = startNodeProcess(testBuild('server/api.js'), { ...env, API_PORT: String(secondPort), SMTP_URL: smtp.url, MAIL_RETRY_MS: '1000' });
    running.push(second);
    try {
      // The second start (opening the data directory, building the index) takes up to a
      // minute when the whole suite runs.
      const mail = await smtp.waitForMail(user.email, 120_000);
      expect(textOf(mail)).toContain('Was £59, now £45');
      await waitForUrl(`http://127.0.0.1:${secondPort}/readyz`, second);
      expect(await second.stop('SIGTERM')).toBe(0);
    } finally {
      await smtp.close();
    }
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);

    const after = await openDatabase({ dataDir });
    try {
      const [counts] = await after.query<{ mails: number; sent: number; notified: number; bell: number }>(
        `SELECT (SELECT count(*) FROM mail_outbox WHERE kind = 'alert')::int AS mails,
                (SELECT count(*) FROM mail_outbox WHERE kind = 'alert' AND status = 'sent')::int AS sent,
                (SELECT count(*) FROM alert_notified)::int AS notified,
                (SELECT count(*) FROM notifications)::int AS bell`,
      );
      expect(counts).toEqual({ mails: 1, sent: 1, notified: 1, bell: 1 });
    } finally {
      await after.close();
    }
  }, 240_000);
});

/** Resolves once the process has written `text` (its log is the signal); fails if it exits first. */
async function waitForOutput(proc: NodeProcess, text: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (proc.output().includes(text)) resolve();
      else if (proc.child.exitCode !== null || proc.child.signalCode !== null) reject(new Error(`no "${text}" in the output:\n${proc.output().slice(-3000)}`));
    };
    proc.child.stdout!.on('data', check);
    proc.child.stderr!.on('data', check);
    proc.child.once('exit', check);
    check();
  });
}
