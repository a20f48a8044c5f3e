import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as passwords from '../../../server/api/accounts/passwords';
import { hashPassword } from '../../../server/api/accounts/passwords';
import { ACCOUNT_MESSAGES } from '../../../shared/validation/account-rules';
import { openTestDatabase } from '../../support/test-database';
import { startAccountsApi, uniqueEmail, type AccountsApi } from './accounts-api';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { say } from '../../../shared/validation/message';
import { testTranslator } from '../../support/i18n';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// Registering an address that already has an account answers an honest 409 (the spec signs a
// new account straight in, so the answer cannot pretend; docs/decisions/0043-registering-a-taken-address-answers-409.md), but it
// must not answer faster than a new account does, or the time alone tells which addresses
// have accounts. Proved twice: the work done is the same (one password hash, as many SQL
// statements), and at a hashing cost where the hash is most of the work, the times agree.

// The real hashing, counted.
vi.mock('../../../server/api/accounts/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

/** Enough scrypt work (16 MiB, tens of milliseconds) to be most of a registration's time. */
const MEASURABLE_HASHING = { N: 2 ** 14, r: 8, p: 1 };
const PASSWORD = 'velvet-sky-42';

let api: AccountsApi;
const statements: string[] = [];

beforeAll(async () => {
  const db = await openTestDatabase((_seconds, operation) => statements.push(operation));
  api = await startAccountsApi({ db, settings: { passwordHashing: MEASURABLE_HASHING } });
});
afterAll(async () => {
  await api?.close();
});

const register = (email: string) => request(api.url).post(ACCOUNT_API.register).send({ email, password: PASSWORD, confirm_password: PASSWORD });

/** The answer to one registration, the passwords it hashed, the statements it ran, and its time. */
async function measure(email: string) {
  vi.mocked(hashPassword).mockClear();
  statements.length = 0;
  const started = performance.now();
  const res = await register(email);
  const ms = performance.now() - started;
  return { status: res.status, body: res.body as unknown, hashes: vi.mocked(hashPassword).mock.calls.length, statements: statements.length, ms };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('registering an address that already has an account', () => {
  it('answers 409, after the same work as a new account: one password hash, as many SQL statements', async () => {
    const email = uniqueEmail();
    const created = await measure(email);
    const taken = await measure(email.toUpperCase());
    expect(created.status).toBe(200);
    expect(taken).toMatchObject({ status: 409, body: { status: 409, message: say(en, ACCOUNT_MESSAGES.emailTaken), fields: { email: say(en, ACCOUNT_MESSAGES.emailTaken) } } });
    expect(created.hashes).toBe(1);
    expect(taken.hashes).toBe(1);
    expect(taken.statements).toBe(created.statements);
  });

  it('takes as long as a new account: the medians of interleaved runs are within a factor of 2', async () => {
    const existing = uniqueEmail('existing');
    expect((await register(existing)).status).toBe(200);
    const created: number[] = [];
    const taken: number[] = [];
    for (let run = 0; run < 9; run++) {
      created.push((await measure(uniqueEmail())).ms);
      taken.push((await measure(existing)).ms);
    }
    // Had the taken address skipped the hash, it would answer in a small fraction of the time.
    const ratio = median(taken) / median(created);
    expect(ratio, `taken ${median(taken).toFixed(1)} ms, new ${median(created).toFixed(1)} ms`).toBeGreaterThan(1 / 2);
    expect(ratio, `taken ${median(taken).toFixed(1)} ms, new ${median(created).toFixed(1)} ms`).toBeLessThan(2);
  });
});
