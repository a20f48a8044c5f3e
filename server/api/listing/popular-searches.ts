import type { Logger } from 'pino';
import type { Department } from '../../../shared/constants';
import type { CountryCode } from '../../../shared/countries';
import type { Queryable } from '../db/database';
import { normaliseText } from '../search-engine/analyser';

// "Top Searches" and the search box's suggestions learn from what shoppers search for: each
// search with results is counted per country and department (table popular_searches).

const MAX_QUERY_LENGTH = 100;

export class PopularSearches {
  constructor(
    private readonly db: Queryable,
    private readonly logger?: Logger,
  ) {}

  /** Counts one search (a write the answer does not wait on; a failure is only logged). */
  note(country: CountryCode, department: Department | '', q: string): void {
    const text = normaliseText(q);
    if (!text || text.length > MAX_QUERY_LENGTH) return;
    this.db
      .query(
        `INSERT INTO popular_searches (country_code, department, query, searches) VALUES ($1, $2, $3, 1)
         ON CONFLICT (country_code, department, query)
         DO UPDATE SET searches = popular_searches.searches + 1, last_searched_at = now()`,
        [country, department, text],
      )
      .catch((error: unknown) => this.logger?.warn({ err: error }, 'could not record a popular search'));
  }

  /** The country's most searched texts, most first. */
  async top(country: CountryCode, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ query: string }>(
      'SELECT query FROM popular_searches WHERE country_code = $1 ORDER BY searches DESC, query LIMIT $2',
      [country, limit],
    );
    return rows.map((r) => r.query);
  }

  /** Searches starting with `prefix` (normalised), within a department when given, most first. */
  async startingWith(country: CountryCode, department: Department | undefined, prefix: string, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ query: string; searches: number }>(
      `SELECT query, sum(searches)::int AS searches FROM popular_searches
        WHERE country_code = $1 AND ($2 = '' OR department IN ($2, '')) AND query LIKE $3
        GROUP BY query ORDER BY searches DESC, query LIMIT $4`,
      [country, department ?? '', `${prefix.replace(/[\\%_]/g, '\\$&')}%`, limit],
    );
    return rows.map((r) => r.query);
  }
}
