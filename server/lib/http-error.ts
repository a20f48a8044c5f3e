import type { ZodError } from 'zod';

/** An answer to bad input or a missing thing: status and a message a person can act on. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'not found') => new HttpError(404, message);

/** Turns zod's issues into one readable sentence: "code: Invalid option; page: Too small". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      return `${where}${issue.message}`;
    })
    .join('; ');
}
