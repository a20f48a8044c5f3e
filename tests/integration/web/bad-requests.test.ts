import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_ADDRESS_MESSAGE } from '../../../server/web/http/request-address';
import { FORM_TYPE_MESSAGE } from '../../../server/web/http/page-forms';
import { closedPort } from '../../support/closed-port';
import { rawRequest, type RawAnswer } from '../../support/raw-http';
import { startWeb } from '../../support/web-server';

// A client's mistake in the request itself is a 400 that says what is wrong, logged under the
// request id so an operator can find it, never a 500 (issue 25). Nothing here reaches the api:
// it is down, and each request is refused before anything would call it.

const lines: string[] = [];
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  web = await startWeb(`http://127.0.0.1:${await closedPort()}`, {}, undefined, logger);
});
afterAll(async () => {
  await web?.close();
});

/** The log lines written for one request, by its id. */
const loggedFor = (answer: RawAnswer) =>
  lines.map((line) => JSON.parse(line) as { req?: { id?: string }; msg: string; reason?: string }).filter((line) => line.req?.id === answer.headers['x-request-id']);

describe('an address nobody can read', () => {
  // A tab escaped in a `//host` form (new URL throws), broken and overlong %-escapes (the
  // decoder throws), on pages, under a country, behind the /gb redirect, on the api's paths,
  // assets and pictures.
  // eslint-disable-next-line no-restricted-syntax -- a broken %-escape on an api path, on purpose
  const targets = ['//%09x', '//%09x?a=1', '//x:99999/', '/%zz', '/a%', '/us/%E0%A4%A', '/gb/%C0%AF', '/sets/%zz/1', '/api/search/auto-suggest/%zz', '/assets/%zz', '/images/looks/%zz'];

  it.each(targets)('GET %s answers 400 with what to do, logged with the request id', async (target) => {
    const answer = await rawRequest(web.url, 'GET', target);
    expect([answer.status, answer.headers['content-type'], answer.headers['cache-control'], answer.body]).toEqual([
      400,
      'text/plain; charset=utf-8',
      'no-store',
      MALFORMED_ADDRESS_MESSAGE,
    ]);
    expect(loggedFor(answer).map((line) => [line.msg, line.reason])).toEqual([['bad request', 'malformed address']]);
  });
});

describe('a page form posted with a body that is no form', () => {
  it.each([
    ['application/json', '{'],
    ['application/json', '{"userType":"Login","email":"a@example.com","password":"velvet-sky-42"}'],
    ['text/plain', 'email=a@example.com'],
    ['multipart/form-data; boundary=x', '--x\r\nbroken'],
    ['multipart/form-data', 'email=a@example.com'],
  ])('POST /authentication as %s answers 400 with what to do, logged with the request id', async (type, body) => {
    const answer = await rawRequest(web.url, 'POST', '/authentication?userType=Login', {
      Origin: web.url,
      'Content-Type': type,
      'Content-Length': String(Buffer.byteLength(body)),
    }, body);
    expect([answer.status, answer.headers['cache-control'], answer.body]).toEqual([400, 'no-store', FORM_TYPE_MESSAGE]);
    expect(loggedFor(answer).map((line) => [line.msg, line.reason])).toEqual([['bad request', 'page form post that is no form']]);
  });
});
