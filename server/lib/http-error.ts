import type { ZodError } from 'zod';

/**
 * An answer to bad input or a missing thing: status and a message a person can act on, and
 * rarely what the caller may still show (`data`: a withdrawn product's name, picture and store).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'not found') => new HttpError(404, message);
/** Something that was here and is no longer (a product withdrawn from a country's site, issue 27). */
export const gone = (message: string, data: unknown) => new HttpError(410, message, data);

/** Turns zod's issues into one readable sentence: "code: Invalid option; page: Too small". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      return `${where}${issue.message}`;
    })
    .join('; ');
}
