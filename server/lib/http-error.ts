import type { ZodError } from 'zod';
import type { Translate } from '../../shared/i18n/translator';
import { issueWording, message, say, type Wording } from '../../shared/validation/message';

/**
 * An answer to bad input or a missing thing: status and a message a person can act on, and
 * rarely what the caller may still show (`data`: a withdrawn product's name, picture and store).
 * A message given as a catalogue id is worded in the caller's language when the answer is
 * written (server/api/http/respond.ts, issue 29).
 */
export class HttpError extends Error {
  readonly wording: Wording;
  constructor(
    readonly status: number,
    message: Wording,
    readonly data?: unknown,
  ) {
    super(typeof message === 'string' ? message : message.id);
    this.name = 'HttpError';
    this.wording = message;
  }
}

export const badRequest = (message: Wording) => new HttpError(400, message);
export const notFound = (wording: Wording = message('forms.api.notFound')) => new HttpError(404, wording);
/** Something that was here and is no longer (a product withdrawn from a country's site, issue 27). */
export const gone = (message: string, data: unknown) => new HttpError(410, message, data);

/**
 * Turns zod's issues into one readable sentence: "code: Invalid option; page: Too small".
 * `t` words the issues that are messages of ours (the account forms') in the caller's
 * language (issue 29); without it their text is as zod holds it.
 */
export function describeZodError(error: ZodError, t?: Translate): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      return `${where}${t ? say(t, issueWording(issue)) : issue.message}`;
    })
    .join('; ');
}

/** A 400 for input a schema refused, its issues worded as the answer is written, in the caller's language. */
export class InvalidInput extends HttpError {
  constructor(readonly zodError: ZodError) {
    super(400, describeZodError(zodError));
    this.name = 'InvalidInput';
  }
}
