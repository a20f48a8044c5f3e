import type { Response } from 'express';
import helmet from 'helmet';
import { CSP, NONCE_MARK, helmetSteps, replayHelmet } from '../../lib/helmet-headers';

// Content-Security-Policy with a per-response nonce: our inline payload script and the
// client entry module run; injected scripts do not.
//
// helmet decides the headers once (server/lib/helmet-headers.ts); every response gets them
// again, the CSP with this response's nonce where the mark stood, not rebuilt from its
// directives.

/** Helmet's options for the web: the CSP given, HSTS only when the site is served over HTTPS. */
function helmetFor(https: boolean, csp: NonNullable<Parameters<typeof helmet>[0]>['contentSecurityPolicy']) {
  return helmet({ contentSecurityPolicy: csp, crossOriginEmbedderPolicy: false, strictTransportSecurity: https ? undefined : false });
}

export function securityHeaders(options: { https: boolean }) {
  const middleware = helmetFor(options.https, {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
      // React's style props become style attributes; styles cannot run code.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
      ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  });
  const steps = helmetSteps(middleware);
  const csp = steps.find((step) => step.name === CSP)?.value?.split(NONCE_MARK);
  if (csp?.length !== 2) throw new Error('the Content-Security-Policy must name the nonce exactly once');
  const [beforeNonce, afterNonce] = csp as [string, string];
  return replayHelmet(steps, (res: Response) => beforeNonce + res.locals.nonce + afterNonce);
}

/**
 * The same headers for the api's paths (/api, /auth, /clients/api: JSON, a redirect), whose
 * answers run no script and load nothing: a CSP that allows nothing, as OWASP advises for
 * REST answers, with no nonce to cut (issue 30: proxied calls do not pay for what only pages
 * need). The api's own headers, set on its answers, replace these where they overlap.
 */
export function apiSecurityHeaders(options: { https: boolean }) {
  const steps = helmetSteps(helmetFor(options.https, { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } }));
  return replayHelmet(steps);
}
