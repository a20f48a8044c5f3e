import type { RouteObject } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
import { startRecordingUpstream, type Reply } from './recording-upstream';
import { startWeb } from './web-server';

// The web over a stand-in api (recording-upstream.ts) that answers as the test tells it and
// records what the web asked: for tests of what the web sends, keeps and answers, without a
// database or a real api behind it.

export type WebOverUpstream = {
  upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
  web: Awaited<ReturnType<typeof startWeb>>;
};

export type WebOverUpstreamOptions = {
  /** How the stand-in answers (recording-upstream.ts's echo unless given); `upstream.answer` changes it later. */
  reply?: Reply;
  /** The web's environment (startWeb). */
  env?: Record<string, string>;
  routes?: RouteObject[];
};

/**
 * A recording hop in front of a real api: each request gets the api's own answer (status, body
 * and cache-control), so a test reads which calls the web made. `apiUrl` is asked per request:
 * the api may start after the hop is set up.
 */
export function forwardTo(apiUrl: () => string): Reply {
  return async (req, res) => {
    const answer = await fetch(`${apiUrl()}${req.url}`);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': answer.headers.get('cache-control') ?? 'no-store' });
    res.end(await answer.text());
  };
}

/** Starts the stand-in, then the web over it; `close` stops the web first, then the stand-in. */
export async function startWebOverUpstream({ reply, env, routes }: WebOverUpstreamOptions = {}): Promise<WebOverUpstream & { close(): Promise<void> }> {
  const upstream = await startRecordingUpstream(reply);
  const web = await startWeb(upstream.url, env, routes);
  return {
    upstream,
    web,
    async close() {
      await web.close();
      await upstream.close();
    },
  };
}

/** Runs `use` with a web over a stand-in of its own, and stops both after, whatever happened. */
export async function withWebOverUpstream<T>(options: WebOverUpstreamOptions, use: (stack: WebOverUpstream) => Promise<T>): Promise<T> {
  const stack = await startWebOverUpstream(options);
  try {
    return await use(stack);
  } finally {
    await stack.close();
  }
}

/**
 * Starts a web over a stand-in before the file's tests and stops both after. The two objects
 * are there at once, so a file can name them as it likes (`const { upstream: api, web } = …`),
 * and are filled in (getters and all) once the file's tests run.
 */
export function webOverUpstreamForFile(options: WebOverUpstreamOptions = {}): WebOverUpstream {
  const parts = { upstream: {}, web: {} } as WebOverUpstream;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await startWebOverUpstream(options);
    Object.defineProperties(parts.upstream, Object.getOwnPropertyDescriptors(started.upstream));
    Object.defineProperties(parts.web, Object.getOwnPropertyDescriptors(started.web));
    close = started.close;
  });
  afterAll(async () => {
    await close?.();
  });
  return parts;
}
