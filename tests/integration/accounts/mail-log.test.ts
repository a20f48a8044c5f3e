import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

describe('mail without SMTP_URL', () => {
  it('writes the reset link to the development log as `link`, where redaction does not hide it, and hides tokens and known-device proofs', () => {
    const link = 'http://localhost:3000/confirm-password/tkn/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ/key/0123456789abcdefghijkl';
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(import.meta.dirname, 'fixtures/log-reset-mail.ts'), link], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const mail = lines.find((l) => l.mail) as { msg: string; mail: { to: string; subject: string; link: string } };
    expect(mail.mail).toMatchObject({ to: 'jane@example.com', subject: 'Reset your Vitrine password', link });
    expect(mail.msg).toContain(link);
    const check = lines.find((l) => l.msg === 'redaction check')!;
    expect(check).toMatchObject({ token: '[redacted]', tkn: '[redacted]' });
    expect(check.req).toEqual({ headers: { 'x-known-device': '[redacted]' } });
    expect(check.res).toEqual({ headers: { 'x-known-device': '[redacted]' } });
  });
});
