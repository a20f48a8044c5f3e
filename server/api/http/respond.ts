import type { NextFunction, Request, Response } from 'express';
import { ZodError, type ZodType } from 'zod';
import type { Logger } from 'pino';
import { findApiRoute } from '../../../shared/api/api-routes';
import { CacheNone, type CachePolicy } from '../../../shared/http/cache-policy';
import type { Translate } from '../../../shared/i18n/translator';
import { message as messageOf, say } from '../../../shared/validation/message';
import { HttpError, InvalidInput, describeZodError } from '../../lib/http-error';
import { requestTranslator } from './request-language';

/** Spec section 7: "All responses are wrapped as response.data". */
export function sendData(res: Response, data: unknown, policy?: CachePolicy, status = 200): void {
  if (policy) res.setHeader('Cache-Control', policy.header);
  res.status(status).json({ data });
}

/** Parses request input with a schema; bad input is a 400 that says what is wrong. */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidInput(result.error);
  return result.data;
}

type BodyParserError = Error & { type?: string; status?: number; expose?: boolean; charset?: string };

/**
 * Errors are data: { status, message }. 4xx for what the client can fix, 500 only for bugs.
 * The message is in the caller's language (x-locale, issue 29) where it is one of ours.
 */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const { t } = requestTranslator(req);
    let status = 500;
    let message = t('forms.api.serverError');
    let data: unknown;
    if (error instanceof InvalidInput) {
      status = 400;
      message = describeZodError(error.zodError, t);
    } else if (error instanceof HttpError) {
      status = error.status;
      message = say(t, error.wording);
      data = error.data;
    } else if (error instanceof ZodError) {
      status = 400;
      message = describeZodError(error, t);
    } else if (error instanceof URIError) {
      // Express's router could not decode a path parameter: its own wording names no field.
      status = 400;
      message = brokenEscapeMessage(req, t);
    } else if (isClientError(error)) {
      status = error.status ?? 400;
      message = say(t, clientErrorMessage(error));
    } else {
      // Database errors stay 500s, "invalid byte sequence" and "out of range" included: bad
      // input is refused by the edge rule (shared/validation/safe-input.ts) before any query,
      // so one that gets here is a schema missing the rule, a bug that a 400 would hide.
      logger.error({ err: error, url: req.originalUrl, reqId: req.id }, 'unhandled error');
    }
    res.setHeader('Cache-Control', CacheNone.header);
    res.status(status).json(data === undefined ? { status, message } : { status, message, data });
  };
}

function isClientError(error: unknown): error is BodyParserError {
  const e = error as BodyParserError;
  return typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.expose !== false;
}

/** body-parser's refusals in our words (its own wording never reaches a client, issue 25). */
function clientErrorMessage(error: BodyParserError) {
  switch (error.type) {
    case 'entity.parse.failed':
      return messageOf('forms.api.invalidJson');
    case 'entity.too.large':
      return messageOf('forms.api.bodyTooLarge');
    case 'encoding.unsupported':
      return messageOf('forms.api.encodingUnsupported');
    case 'charset.unsupported':
      return messageOf('forms.api.charsetUnsupported', { charset: error.charset ?? 'unknown' });
    default:
      return messageOf('forms.api.bodyUnreadable');
  }
}

/** Which path parameter (by the route table) has the %-escape that does not decode. */
function brokenEscapeMessage(req: Request, t: Translate): string {
  const names = findApiRoute(req.method, req.path)?.path.split('/') ?? [];
  const at = req.path.split('/').findIndex((part) => {
    try {
      decodeURIComponent(part);
      return false;
    } catch {
      return true;
    }
  });
  const name = names[at]?.startsWith(':') ? names[at].slice(1) : t('forms.api.theAddress');
  return t('forms.api.brokenEscape', { name });
}

export function notFoundHandler(req: Request, res: Response) {
  res.setHeader('Cache-Control', CacheNone.header);
  res.status(404).json({ status: 404, message: requestTranslator(req).t('forms.api.noEndpoint', { method: req.method, path: req.path }) });
}
