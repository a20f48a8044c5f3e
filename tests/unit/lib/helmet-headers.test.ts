import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { helmetSteps, replayHelmet } from '../../../server/lib/helmet-headers';

// helmet run once on a stand-in response and its steps replayed on every response (the api's
// headers, the web's page and api-path headers): each response must carry exactly what
// helmet itself would have set and removed.

function answered(middleware: express.RequestHandler) {
  const app = express();
  app.use(middleware);
  app.get('/', (_req, res) => res.json({ ok: true }));
  return request(app).get('/').expect(200);
}

/** The headers of an answer, without the ones that change from one answer to the next. */
const lasting = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));

describe('helmet replayed', () => {
  const configs: [string, Parameters<typeof helmet>[0]][] = [
    ["the api's (no CSP)", { contentSecurityPolicy: false }],
    ['without HSTS, a CSP of its own', { strictTransportSecurity: false, contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"] } } }],
    ["helmet's defaults", undefined],
  ];
  for (const [name, options] of configs) {
    it(`sets and removes what helmet does: ${name}`, async () => {
      const own = await answered(helmet(options));
      const replayed = await answered(replayHelmet(helmetSteps(helmet(options))));
      expect(lasting(replayed.headers)).toEqual(lasting(own.headers));
      expect(replayed.headers['x-powered-by']).toBeUndefined();
      expect(replayed.headers['x-frame-options']).toBe('SAMEORIGIN');
    });
  }
});
