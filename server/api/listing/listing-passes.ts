import { listingParams, type ListingRequest } from '../../../shared/listing/query-grammar';
import { FACETS, type FacetCounts } from '../search-engine/search-engine';
import { KeptPromises } from '../../lib/kept-promises';
import { resolveNarrower, type ListingResolver, type ResolvedRequest } from './listing-resolver';

// One index pass answers every facet of a listing request at once (the engine counts all
// groups in the same scan). A listing page's companions (six filter groups, deals, price and
// the canonical links' counts) ask for the same request, or for a narrower one many pages
// share: the pass is kept per normalised request and index version, so a page's worth of
// per-group calls costs one scan and one link resolution, and the whole-page call
// (GET /api/search/listing) leaves its own pass here for the per-group calls that follow.

/** A request resolved, and every facet of it counted in one pass. */
export type ListingPass = { resolved: ResolvedRequest; facets: FacetCounts };

/**
 * Passes kept: each holds a request's facet maps (a few hundred entries at most), so a few
 * hundred passes are well under a megabyte, and a popular listing's page and its companions
 * always find theirs.
 */
const MAX_PASSES = 500;

/** The cache key of a request: country, link and the canonical query string (one state has one). */
export function passKey(request: ListingRequest): string {
  const query = listingParams(request.state)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  return `${request.adminView ? 'admin ' : ''}${request.country} ${request.link ?? ''} ${query}`;
}

export class ListingPasses {
  private readonly passes = new KeptPromises<ListingPass>(MAX_PASSES);

  constructor(private readonly resolver: ListingResolver) {}

  private async key(request: ListingRequest): Promise<string> {
    // The version is only known once the index is built.
    await this.resolver.engine.start();
    return `${this.resolver.engine.version()} ${passKey(request)}`;
  }

  /** Every facet of `request` (already narrowed by the caller), from one kept pass. */
  facets(request: ListingRequest): Promise<ListingPass> {
    return this.pass(request, () => this.resolver.resolve(request));
  }

  /**
   * Every facet of `request`, a narrower request of the listing `resolved` is (the canonical
   * links' of a page), from one kept pass: resolved from `resolved`, so the link is read once
   * per page (issue 26).
   */
  facetsWithin(resolved: ResolvedRequest, request: ListingRequest): Promise<ListingPass> {
    return this.pass(request, () => resolveNarrower(resolved, request));
  }

  private async pass(request: ListingRequest, resolve: () => ResolvedRequest | Promise<ResolvedRequest>): Promise<ListingPass> {
    // A refusal (a 404 link, a 400 category) is not kept: the next ask reads it again.
    return this.passes.get(await this.key(request), async () => {
      const resolved = await resolve();
      const result = await this.resolver.engine.search(resolved.query, { hits: false, facets: FACETS });
      return { resolved, facets: result.facets };
    });
  }

  /** Keeps a pass made elsewhere (the whole-page call counted every facet beside its page) for `request`. */
  async remember(request: ListingRequest, pass: ListingPass): Promise<void> {
    this.passes.keep(await this.key(request), pass);
  }
}
