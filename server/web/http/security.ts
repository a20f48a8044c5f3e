import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** Stands for the nonce while helmet's headers are worked out once (base64 never has a '~'). */
const NONCE_MARK = '~nonce~';
const CSP = 'Content-Security-Policy';

type Step = { name: string; value: string | undefined };

// Content-Security-Policy with a per-response nonce: our inline payload script and the
// client entry module run; injected scripts do not.
//
// helmet decides the headers; it is run once, at start, on a stand-in response, and what it
// did is done again on every response: the same headers in the same order, and the CSP with
// this response's nonce where the mark stood. Per request that is a few setHeader calls
// instead of helmet's thirteen middleware and the CSP rebuilt from its directives (a hot page
// from the page cache spent about a tenth of its time here).

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
  return replay(steps, (res) => beforeNonce + res.locals.nonce + afterNonce);
}

/**
 * The same headers for the api's paths (/api, /auth, /clients/api: JSON, a redirect), whose
 * answers run no script and load nothing: a CSP that allows nothing, as OWASP advises for
 * REST answers, with no nonce to cut (issue 30: proxied calls do not pay for what only pages
 * need). The api's own headers, set on its answers, replace these where they overlap.
 */
export function apiSecurityHeaders(options: { https: boolean }) {
  const steps = helmetSteps(helmetFor(options.https, { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } }));
  const csp = steps.find((step) => step.name === CSP)?.value ?? '';
  return replay(steps, () => csp);
}

/** Helmet's steps done again on a response, the CSP as given. */
function replay(steps: readonly Step[], csp: (res: Response) => string) {
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const { name, value } of steps) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, name === CSP ? csp(res) : value);
    }
    next();
  };
}

/** What helmet does to a response, in order: headers set (with the nonce's mark) and removed. */
function helmetSteps(middleware: ReturnType<typeof helmet>): Step[] {
  const steps: Step[] = [];
  const standIn = {
    locals: { nonce: NONCE_MARK },
    setHeader(name: string, value: string) {
      steps.push({ name, value: String(value) });
    },
    removeHeader(name: string) {
      steps.push({ name, value: undefined });
    },
  };
  let done = false;
  middleware({} as never, standIn as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish at once');
  return steps;
}
