import type { NextFunction, Request, Response } from 'express';
import type { ZodType } from 'zod';
import { CacheNone } from '../../../shared/http/cache-policy';
import { ACCOUNT_MESSAGES, fieldMessages } from '../../../shared/validation/account-rules';
import { say, type Wording } from '../../../shared/validation/message';
import { HttpError } from '../../lib/http-error';
import { requestTranslator } from '../http/request-language';

// Account answers to bad input carry the message of each field (spec section 5) besides the
// one sentence every error has, so a form can show each message under its input. Both are
// worded in the caller's language (x-locale) as the answer is written (issue 29).

export class AccountInputError extends HttpError {
  constructor(
    status: number,
    message: Wording,
    readonly fields: Record<string, Wording>,
  ) {
    super(status, message);
    this.name = 'AccountInputError';
  }
}

/** 429: a limit of ours was reached; Retry-After says when to come back, the message what to do. */
export class TooManyAttempts extends HttpError {
  constructor(
    message: Wording,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'TooManyAttempts';
  }
}

/** A problem with one field: 400 unless said otherwise. */
export function fieldError(field: string, message: Wording, status = 400): AccountInputError {
  return new AccountInputError(status, message, { [field]: message });
}

export function unauthorized(): HttpError {
  return new HttpError(401, ACCOUNT_MESSAGES.unauthorized);
}

/** Parses a form; the answer's message is the first problem, `fields` has one per field. */
export function parseForm<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields = fieldMessages(result.error);
  const message = Object.values(fields)[0] ?? 'bad request';
  throw new AccountInputError(400, message, fields);
}

/**
 * Router-level: writes AccountInputError with its fields and TooManyAttempts with Retry-After
 * (as express-rate-limit answers); anything else goes on to the app's handler.
 */
export function accountErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  const { t } = requestTranslator(req);
  if (error instanceof TooManyAttempts) {
    res.setHeader('Cache-Control', CacheNone.header);
    res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(429).json({ status: 429, message: say(t, error.wording) });
    return;
  }
  if (!(error instanceof AccountInputError)) return next(error);
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, wording]) => [field, say(t, wording)]));
  res.setHeader('Cache-Control', CacheNone.header);
  res.status(error.status).json({ status: error.status, message: say(t, error.wording), fields });
}

/** PostgreSQL's unique_violation, from either engine. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
