import http from 'node:http';
import https from 'node:https';

// One request passed on to an upstream and its answer passed back, streamed both ways: the
// gateway's forwarding. Issue 30: http-proxy-middleware, with http-proxy under it, ran a
// dozen passes, event emitters and option merges per call, about a fifth of what a proxied
// call cost the web; this does what the gateway uses of it, and nothing else.

export type Forwarding = {
  /** The headers the upstream request carries beyond the browser's own (identity, request id). */
  headers(req: http.IncomingMessage): Record<string, string>;
  /** The upstream's answer, before its status and headers go to the browser (they may still change). */
  answered(proxyRes: http.IncomingMessage, req: http.IncomingMessage, res: http.ServerResponse, proxyReq: http.ClientRequest): void;
  /** No answer came: the upstream refused or dropped the connection, or took longer than the timeout. */
  failed(error: Error, timedOut: boolean, req: http.IncomingMessage, res: http.ServerResponse): void;
};

/**
 * Hop-by-hop headers of the upstream's answer (RFC 9110 section 7.6.1): they describe the
 * connection between us and the upstream, not ours with the browser, which Node manages. A
 * `Connection: close` the gateway set itself (endEarly) is set on the response, not here.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/**
 * Whether a failed request may be sent again as it was: a GET or HEAD without a body whose
 * kept-alive connection the upstream closed as the request went out (ECONNRESET on a reused
 * socket, Node's documented race). Issue 30: an api instance that drains on SIGTERM closes each
 * kept connection as it goes idle, so in a rolling restart a call could meet one closing; it
 * reached no handler, and asked again on a fresh connection it is answered (by the instance
 * still serving, behind a balancer). A write is never sent twice.
 */
function mayRetry(req: http.IncomingMessage, proxyReq: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  const bodiless = (req.method === 'GET' || req.method === 'HEAD') && !req.headers['transfer-encoding'] && !Number(req.headers['content-length']);
  return bodiless && proxyReq.reusedSocket && error.code === 'ECONNRESET';
}

export function forwardTo(base: string, agent: http.Agent, timeoutMs: number, on: Forwarding) {
  const target = new URL(base);
  const transport = target.protocol === 'https:' ? https : http;
  const prefix = target.pathname.replace(/\/$/, '');
  return function forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const options: http.RequestOptions = {
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: prefix + (req.url ?? '/'),
      // Connection is hop-by-hop: a browser's "close" must not close our pooled upstream socket.
      headers: { ...req.headers, host: target.host, connection: 'keep-alive', ...on.headers(req) },
      agent,
    };
    const send = (retry: boolean): http.ClientRequest => {
      let timedOut = false;
      const proxyReq = transport.request(options);
      proxyReq.setTimeout(timeoutMs, () => {
        timedOut = true;
        proxyReq.destroy(new Error(`the upstream did not answer in ${timeoutMs} ms`));
      });
      // A browser that goes away stops its upstream request; nothing is left to answer.
      const stop = () => {
        if (!res.writableFinished) proxyReq.destroy();
      };
      res.once('close', stop);
      // Listened to for as long as the request lives: a second error must not go unheard.
      let failed = false;
      proxyReq.on('error', (error: NodeJS.ErrnoException) => {
        if (failed || res.destroyed) return;
        failed = true;
        if (retry && mayRetry(req, proxyReq, error)) {
          res.off('close', stop);
          send(false).end();
        } else on.failed(error, timedOut, req, res);
      });
      proxyReq.once('response', (proxyRes) => {
        on.answered(proxyRes, req, res, proxyReq);
        for (const [name, value] of Object.entries(proxyRes.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
        }
        res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage);
        // An upstream that drops the connection halfway: the browser's answer cannot end well either.
        proxyRes.once('error', () => res.destroy());
        proxyRes.pipe(res);
      });
      return proxyReq;
    };
    const proxyReq = send(true);
    req.once('error', () => proxyReq.destroy());
    req.pipe(proxyReq);
  };
}
