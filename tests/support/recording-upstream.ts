import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in upstream on loopback (the payments base, or an api we need to misbehave):
// it records every request it receives and answers as the test tells it to.

export type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string; socket: number };
export type Reply = (req: Recorded, res: http.ServerResponse) => void;

export async function startRecordingUpstream(reply: Reply = defaultReply) {
  const requests: Recorded[] = [];
  const sockets = new WeakMap<object, number>();
  let socketCount = 0;
  let handler = reply;
  const server = http.createServer((req, res) => {
    if (!sockets.has(req.socket)) sockets.set(req.socket, ++socketCount);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        socket: sockets.get(req.socket)!,
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  // Who closed each connection: the client, by ending its side first, or this server (Node's
  // keep-alive timeout, 5 s, destroys an idle connection without waiting for the client's end).
  const closedBy: Promise<'client' | 'server'>[] = [];
  server.on('connection', (socket) => {
    let ended = false;
    socket.once('end', () => (ended = true));
    closedBy.push(new Promise((resolve) => socket.once('close', () => resolve(ended ? 'client' : 'server'))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get sockets() {
      return socketCount;
    },
    /** How long this server keeps an idle connection open. */
    keepAliveTimeout: server.keepAliveTimeout,
    /** Who closed each connection accepted so far, once every one of them has closed. */
    connectionsClosed: () => Promise.all(closedBy),
    answer(next: Reply) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The default answer: 200 JSON echoing the request. */
export function defaultReply(req: Recorded, res: http.ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: { echo: { method: req.method, url: req.url, body: req.body } } }));
}
