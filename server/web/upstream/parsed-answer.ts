import type { ApiResponse } from '../../../shared/api/api-client';
import { parseAnswer, type AnswerName } from '../../../shared/api/answer-schemas';
import type { SharedCacheEntry } from './shared-cache';

// Issue 26: the web parses each api answer once, when it is fetched, and keeps it parsed, so a
// kept answer (shared cache, session cache, the shell's), a joined call or a page's second ask
// is not parsed again. A response says which answer its data already is (ApiResponse.answer).

/**
 * A successful answer with its data parsed as `answer`, and marked so; one that does not fit is
 * left as it came, for the api client to refuse (502).
 */
export function parsedAs(answer: AnswerName, response: ApiResponse): ApiResponse {
  if (response.status < 200 || response.status >= 300) return response;
  const parsed = parseAnswer(answer, (response.body as { data?: unknown } | null)?.data);
  return parsed.ok ? { ...response, body: { ...(response.body as object), data: parsed.value }, answer } : response;
}

/**
 * A kept answer as the api client reads it: already parsed when it names the answer asked for
 * (unless `keepParsed` is false: the bench's measure of parsing it again at each use).
 */
export function fromKept(entry: SharedCacheEntry, answer: AnswerName, keepParsed = true): ApiResponse {
  return { status: entry.status, body: entry.body, bytes: entry.bytes, ...(keepParsed && entry.answer === answer ? { answer } : {}) };
}
