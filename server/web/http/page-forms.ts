import type { NextFunction, Request, Response } from 'express';
import { CacheNone } from '../../../shared/http/cache-policy';
import { closeIfBodyPending } from './xsrf';

// A form posted to a page route without JavaScript (xsrfProtection has checked where it came
// from) is read here, whole, before the render: what the page's action could not read is the
// sender's mistake, a 400 logged with the request id, never a 500 (issue 25: a JSON body made
// `request.formData()` throw in the action). The action then reads the bytes read here.

/** Our forms are a few fields (no uploads without JavaScript). */
export const FORM_POST_MAX_BYTES = 64 * 1024;

/** What an HTML form sends: url-encoded (ours), or multipart (RFC 8058's one-click unsubscribe). */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
export const FORM_TYPE_MESSAGE =
  "A page's form is sent as application/x-www-form-urlencoded or multipart/form-data, and this request's body is not such a form. Submit the form on the page.";
const TOO_LARGE_MESSAGE = 'This form is too large.';

declare module 'express-serve-static-core' {
  interface Locals {
    /** The body of a page's form post, read and found to be a form (readPageForm). */
    formBody?: Uint8Array<ArrayBuffer>;
  }
}

function refuse(req: Request, res: Response, status: number, message: string): void {
  if (status === 400) req.log.warn({ reason: 'page form post that is no form', contentType: req.headers['content-type'] }, 'bad request');
  closeIfBodyPending(req, res);
  res.status(status).setHeader('Cache-Control', CacheNone.header);
  res.type('text').send(message);
}

/** Reads the body, at most FORM_POST_MAX_BYTES; undefined when it is larger. */
async function readBody(req: Request): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_POST_MAX_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}

export function readPageForm(req: Request, res: Response, next: NextFunction): void {
  if (Number(req.headers['content-length'] ?? 0) > FORM_POST_MAX_BYTES) return refuse(req, res, 413, TOO_LARGE_MESSAGE);
  const contentType = req.headers['content-type'] ?? '';
  if (!FORM_TYPES.has(contentType.split(';', 1)[0]!.trim().toLowerCase())) return refuse(req, res, 400, FORM_TYPE_MESSAGE);
  readBody(req).then(
    async (body) => {
      if (body === undefined) return refuse(req, res, 413, TOO_LARGE_MESSAGE);
      try {
        await new Response(body, { headers: { 'content-type': contentType } }).formData();
      } catch {
        return refuse(req, res, 400, FORM_TYPE_MESSAGE);
      }
      res.locals.formBody = body;
      next();
    },
    (error: unknown) => next(error),
  );
}
