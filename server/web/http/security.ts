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
export function securityHeaders(options: { https: boolean }) {
  const middleware = helmet({
    contentSecurityPolicy: {
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
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? undefined : false,
  });
  const steps = helmetSteps(middleware);
  const csp = steps.find((step) => step.name === CSP)?.value?.split(NONCE_MARK);
  if (csp?.length !== 2) throw new Error('the Content-Security-Policy must name the nonce exactly once');
  const [beforeNonce, afterNonce] = csp as [string, string];
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const { name, value } of steps) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, name === CSP ? beforeNonce + res.locals.nonce + afterNonce : value);
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
