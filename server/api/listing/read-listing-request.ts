import type { Request } from 'express';
import { requestForCall, type ListingCall } from '../../../shared/listing/companion-calls';
import {
  ListingQueryError,
  parseFilterListOptions,
  parseListingRequest,
  type FilterListOptions,
  type ListingRequest,
} from '../../../shared/listing/query-grammar';
import { badRequest } from '../../lib/http-error';
import { adminView } from '../http/catalog-view';

// The api reads a listing call with the one listing grammar, from the query string exactly as
// it arrived (not Express's own query parser), so it reads any URL as the web does. A bad
// value is a 400 with the grammar's message; the request is then narrowed to what the call
// depends on, so extra parameters a client sends change nothing.

/** The raw query string of a request, without "?". */
export function rawQuery(req: Pick<Request, 'originalUrl'>): string {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at + 1);
}

function grammar<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ListingQueryError) throw badRequest(error.message);
    throw error;
  }
}

/** The listing request of a call, narrowed to what that call depends on, as its caller may see the catalogue. */
export function readListingRequest(req: Pick<Request, 'originalUrl'>, call: ListingCall): ListingRequest {
  const request = grammar(() => parseListingRequest(rawQuery(req)));
  return requestForCall(call, adminView(req) ? { ...request, adminView: true } : request);
}

/** size and find of the brand and store filter calls. */
export function readFilterListOptions(req: Pick<Request, 'originalUrl'>): FilterListOptions {
  return grammar(() => parseFilterListOptions(rawQuery(req)));
}
