import type { Request, Response } from 'express';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticRouter, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { SiteConfigContext } from '../../../client/app/contexts';
import { NonceContext } from '../../../client/app/nonce';
import { CacheNone } from '../../../shared/http/cache-policy';
import type { Payload } from '../../../shared/payload';
import { CoalescingWritable } from './coalescing-writable';
import { SERVER_ERROR_PAGE } from './document-errors';
import { payloadScript } from './document-payload';

// React renders the document whose status and headers the handler has already settled
// (React Router's entry.server is the model): people get the shell as soon as it is ready,
// crawlers the whole page at once; a render that hangs is aborted, and so is one whose client
// went away. The timer is cleared when the response ends.

export type RenderOptions = {
  /** The client entry module, loaded by the bootstrap script. */
  entry: string;
  streamTimeoutMs: number;
  /** 'string' exists for the benchmark: the same page through renderToString. */
  renderMode: 'stream' | 'string';
  onRenderError: (error: unknown, req: Request) => void;
};

export type RenderedPage = {
  dataRoutes: StaticHandler['dataRoutes'];
  result: StaticHandlerContext;
  payload: Payload;
  /** Aborted when the client disconnects. */
  signal: AbortSignal;
};

export function renderDocument(req: Request, res: Response, options: RenderOptions, page: RenderedPage): void {
  const { nonce, isBot } = res.locals.requestInfo;
  const router = createStaticRouter(page.dataRoutes, page.result);
  const tree = (
    <SiteConfigContext.Provider value={page.payload.config}>
      <NonceContext.Provider value={nonce}>
        <StaticRouterProvider router={router} context={page.result} hydrate={false} nonce={nonce} />
      </NonceContext.Provider>
    </SiteConfigContext.Provider>
  );
  const script = payloadScript(page.payload);

  if (options.renderMode === 'string') {
    const html = renderToString(tree);
    res.end(
      `<!DOCTYPE html>${html.replace(
        '</body>',
        `<script nonce="${nonce}">${script}</script><script type="module" src="${options.entry}" nonce="${nonce}" async=""></script></body>`,
      )}`,
    );
    return;
  }

  let timer: NodeJS.Timeout | undefined;
  const writable = new CoalescingWritable(res);
  const pipe = () => stream.pipe(writable as unknown as NodeJS.WritableStream);
  const stream = renderToPipeableStream(tree, {
    nonce,
    bootstrapScriptContent: script,
    bootstrapModules: [options.entry],
    onShellReady() {
      if (!isBot) pipe();
    },
    onAllReady() {
      if (isBot) pipe();
    },
    onShellError(error) {
      options.onRenderError(error, req);
      clearTimeout(timer);
      if (!res.headersSent) {
        res.status(500).setHeader('Cache-Control', CacheNone.header);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
      }
      res.end(SERVER_ERROR_PAGE);
    },
    onError(error) {
      if (!page.signal.aborted) options.onRenderError(error, req);
    },
  });
  // A render that hangs must not hold the connection forever; React then sends what it has
  // and lets the client finish.
  timer = setTimeout(() => stream.abort(new Error('render timed out')), options.streamTimeoutMs);
  const clear = () => clearTimeout(timer);
  res.once('finish', clear);
  res.once('close', () => {
    clear();
    if (!res.writableFinished) stream.abort(new Error('client disconnected'));
  });
}
