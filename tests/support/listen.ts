import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';

// The real Express apps on real loopback ports: tests talk HTTP to them, and web talks
// HTTP to api, exactly as in production.

export type Running = { url: string; server: http.Server; close(): Promise<void> };

export function listen(app: express.Express): Promise<Running> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

