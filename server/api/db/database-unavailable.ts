import { HttpError } from '../../lib/http-error';

// While a PostgreSQL server is away (stopped, restarting, our connections terminated), a
// statement fails with a connection error. It is an outage, not a bug and not bad input:
// the request gets a 503 that says so (never a 500), and /readyz says the same words.

/** What /readyz says, and what a request that needed the database is told, while it is away. */
export const DATABASE_UNAVAILABLE = 'database unavailable';

export class DatabaseUnavailableError extends HttpError {
  constructor(readonly reason: unknown) {
    super(503, `${DATABASE_UNAVAILABLE}: please try again in a moment`);
    this.name = 'DatabaseUnavailableError';
  }
}

// Socket errors from connecting or from a connection that broke.
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE: the server is shutting down (57P01, also what pg_terminate_backend sends),
// crashed (57P02) or still starting (57P03), or refuses more connections (53300).
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300']);
// What the pg client says itself when a connection ended or could not be made in time.
const CLIENT_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable/;

/** Whether an error means the server could not be reached or the connection was lost (class 08 included). */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_ERRORS.has(code) || SERVER_GONE.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return CLIENT_MESSAGES.test(error.message);
}

/** The error a caller should see: a connection error becomes DatabaseUnavailableError, anything else is left as it is. */
export function unavailableOr(error: unknown): unknown {
  return isConnectionError(error) ? new DatabaseUnavailableError(error) : error;
}
