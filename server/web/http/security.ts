import type { Response } from 'express';
import helmet from 'helmet';

// Content-Security-Policy with a per-response nonce: our inline payload script and the
// client entry module run; injected scripts do not. Style elements: our stylesheets and the
// one inline copy of them, by its hash (inlineStyleHashes); an injected <style> is refused.
export function securityHeaders(options: { https: boolean; inlineStyleHashes: string[] }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
        // React's style props become style attributes (style-src-attr); styles cannot run code.
        // style-src is what a browser without the -elem/-attr directives (before 2022) uses.
        'style-src': ["'self'", "'unsafe-inline'"],
        'style-src-elem': ["'self'", ...options.inlineStyleHashes],
        'style-src-attr': ["'unsafe-inline'"],
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
}

