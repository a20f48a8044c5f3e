import http from 'node:http';

// Issue 30's gateway goal, measured against what this machine allows: the least a forwarder
// can do in Node, run beside the web's gateway in the bench's section 2. Node's http alone,
// one keep-alive pool, the request and the answer piped through as they are: no Express, no
// http-proxy-middleware, no cookies, identity, XSRF check, overload gate or logging. Not a
// product part (it would forward anything to anyone): a ceiling for the ratio.

export function serveBareForwarder(target: string, port: number): http.Server {
  const base = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: base.hostname, port: base.port, path: req.url, method: req.method, headers: { ...req.headers, host: base.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.listen(port, '127.0.0.1');
  return server;
}
