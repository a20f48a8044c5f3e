import type { Request, Response } from 'express';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticRouter, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { SiteConfigContext } from '../../../client/app/contexts';
import { TranslatorProvider } from '../../../client/app/i18n';
import { recordIntlAnswers, type IntlAnswers } from '../../../shared/i18n/intl-answers';
import type { CompiledCatalog, Translator } from '../../../shared/i18n/translator';
import { browserMessage, clientMessageId } from '../../lib/catalogs';
import { NonceContext } from '../../../client/app/nonce';
import { CacheNone } from '../../../shared/http/cache-policy';
import type { Payload } from '../../../shared/payload';
import { CoalescingWritable } from './coalescing-writable';
import { SERVER_ERROR_PAGE } from './document-errors';
import { bootstrapScript } from './document-payload';

// React renders the document whose status and headers the handler has already settled
// (React Router's entry.server is the model): people get the shell as soon as it is ready,
// crawlers the whole page at once; a render that hangs is aborted, and so is one whose client
// went away. The timer is cleared when the response ends.
//
// A page whose loaders deferred nothing is whole before React starts: its shell is the page,
// so streaming gives it no earlier first byte, only the cost of React's stream (each small
// string copied into byte views, many writes). Such a page is rendered in one go with
// renderToString and the same bootstrap tags React's stream would add, byte for byte
// (tests/integration/web/render-modes.test.ts). A page with deferred data streams, so what is
// ready goes out first; so does one that suspended anyway (renderToString cannot wait).

export type RenderMode = 'auto' | 'stream' | 'string';

export type RenderOptions = {
  streamTimeoutMs: number;
  /**
   * 'auto': whole pages in one go, pages with deferred data streamed (above). 'stream' and
   * 'string' always do one or the other: for the benchmark and the tests that compare them.
   */
  renderMode: RenderMode;
  onRenderError: (error: unknown, req: Request) => void;
};

export type RenderedPage = {
  dataRoutes: StaticHandler['dataRoutes'];
  result: StaticHandlerContext;
  payload: Payload;
  /** The page's messages; `used` collects the ids the render asks for. */
  translator: Translator;
  used: ReadonlySet<string>;
  /** Aborted when the client disconnects. */
  signal: AbortSignal;
};

export function renderDocument(req: Request, res: Response, options: RenderOptions, page: RenderedPage): void {
  const { nonce, isBot } = res.locals.requestInfo;
  const router = createStaticRouter(page.dataRoutes, page.result);
  const tree = (
    <SiteConfigContext.Provider value={page.payload.config}>
      <NonceContext.Provider value={nonce}>
        <TranslatorProvider translator={page.translator}>
          <StaticRouterProvider router={router} context={page.result} hydrate={false} nonce={nonce} />
        </TranslatorProvider>
      </NonceContext.Provider>
    </SiteConfigContext.Provider>
  );

  const whole = options.renderMode === 'string' || (options.renderMode === 'auto' && !defersData(page.result));
  if (whole) {
    let html: string;
    let intl: IntlAnswers;
    try {
      // What Intl answered the render travels with the page: the browser hydrates without
      // making an Intl object (18-34 ms of its main thread, intl-answers.ts).
      ({ result: html, answers: intl } = recordIntlAnswers(() => renderToString(tree)));
    } catch (error) {
      return sendShellError(req, res, options, error);
    }
    // A boundary that suspended (or failed) is left to the client by renderToString: streamed
    // instead, React waits for it (and reports a failure as the stream does).
    if (options.renderMode === 'string' || !SUSPENDED_BOUNDARY.test(html)) {
      // The page is whole: its messages are known, and travel inside it (decision 0080).
      const script = bootstrapScript({ ...page.payload, messages: usedMessages(page), ...(Object.keys(intl).length > 0 && { intl }) });
      // One buffer with its length, as the stream sends a page finished in one batch.
      const body = Buffer.from(withBootstrap(html, nonce, script));
      if (!res.headersSent) res.setHeader('Content-Length', body.byteLength);
      res.end(body);
      return;
    }
  }

  // A streamed page's messages are not all known when its script is written: the browser
  // fetches the whole catalogue before hydrating it.
  const script = bootstrapScript(page.payload);
  let timer: NodeJS.Timeout | undefined;
  const writable = new CoalescingWritable(res);
  const pipe = () => stream.pipe(writable as unknown as NodeJS.WritableStream);
  const stream = renderToPipeableStream(tree, {
    nonce,
    bootstrapScriptContent: script,
    // A boundary whose content is ready when it is written goes inline, however big: React
    // otherwise sends a large one (a listing's no-results view with its recommended cards,
    // around its on-demand code) after the shell with a script that moves it into place, so a
    // streamed document would differ from the one rendered in one go, and crawlers would read
    // the page's main content out of a hidden div. What is still loading streams as before.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onShellReady() {
      if (!isBot) pipe();
    },
    onAllReady() {
      if (isBot) pipe();
    },
    onShellError(error) {
      clearTimeout(timer);
      sendShellError(req, res, options, error);
    },
    onError(error) {
      res.locals.pageIncomplete = true;
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

/** The compiled messages a render used, by id. */
function usedMessages(page: RenderedPage): CompiledCatalog {
  const all = page.translator.messages;
  const messages: CompiledCatalog = {};
  for (const id of page.used) {
    const message = all[id];
    if (message !== undefined) messages[clientMessageId(id)] = browserMessage(message);
  }
  return messages;
}

function sendShellError(req: Request, res: Response, options: RenderOptions, error: unknown): void {
  options.onRenderError(error, req);
  if (!res.headersSent) {
    res.status(500).setHeader('Cache-Control', CacheNone.header);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
  }
  res.end(SERVER_ERROR_PAGE);
}

/** Whether a loader or action handed React data still on its way (a promise for `<Await>`). */
function defersData(result: StaticHandlerContext): boolean {
  const isThenable = (value: unknown) => typeof (value as { then?: unknown } | null)?.then === 'function';
  const defers = (data: unknown) => isThenable(data) || (typeof data === 'object' && data !== null && Object.values(data).some(isThenable));
  return Object.values(result.loaderData ?? {}).some(defers) || Object.values(result.actionData ?? {}).some(defers);
}

/** React's markers of a boundary it could not finish: client-rendered (`$!`) or pending (`$?`). */
const SUSPENDED_BOUNDARY = /<!--\$[!?]-->/;

/** The id React's stream gives the bootstrap script: `_${identifierPrefix}R_`, and we set no prefix. */
const BOOTSTRAP_SCRIPT_ID = '_R_';

/**
 * What renderToPipeableStream adds to a document for `bootstrapScriptContent`, added to
 * renderToString's: the doctype, and the script at the end of the body. (The page's modules
 * are not named in the document: the script starts them after the first paint.)
 */
function withBootstrap(html: string, nonce: string, script: string): string {
  const body = html.lastIndexOf('</body>');
  return `<!DOCTYPE html>${html.slice(0, body)}<script nonce="${nonce}" id="${BOOTSTRAP_SCRIPT_ID}">${script}</script>${html.slice(body)}`;
}
