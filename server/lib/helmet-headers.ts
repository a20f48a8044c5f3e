import type { NextFunction, Request, Response } from 'express';
import type helmet from 'helmet';

/** Stands for the web's CSP nonce while helmet's headers are worked out once (base64 never has a '~'). */
export const NONCE_MARK = '~nonce~';
export const CSP = 'Content-Security-Policy';

export type HelmetStep = { name: string; value: string | undefined };

// helmet decides the headers; it is run once, at start, on a stand-in response, and what it
// did is done again on every response: the same headers in the same order. Per request that is
// a few setHeader calls instead of helmet's dozen middleware (a hot page from the web's page
// cache spent about a tenth of its time in them, and the api's kept answers too).

/** What helmet does to a response, in order: headers set (the nonce as its mark) and removed. */
export function helmetSteps(middleware: ReturnType<typeof helmet>): HelmetStep[] {
  const steps: HelmetStep[] = [];
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

/** Helmet's steps done again on every response; the CSP as `csp` gives it, when given. */
export function replayHelmet(steps: readonly HelmetStep[], csp?: (res: Response) => string) {
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const { name, value } of steps) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, csp && name === CSP ? csp(res) : value);
    }
    next();
  };
}
