import type { StaticHandlerContext } from 'react-router';
import { serializeRouteErrors } from '../../../client/app/route-errors-codec';
import { PAYLOAD_GLOBAL, referenceTransferEntries, type Payload, type SiteConfig } from '../../../shared/payload';
import { serializeForInlineScript } from '../../../shared/serialize-for-inline-script';
import { SCRIPT_LOADER } from './script-loader';
import type { TransferCache, TransferMetrics } from '../upstream/transfer-cache';

// The one inline payload of a page (shared/payload.ts): router state, the transfer cache of
// shared api answers the loaders fetched, and the public config. Sealed here: nothing fetched
// while rendering is carried over. Only the answers the router state points at travel: the
// page hydrates from its loaders' data, and an answer a loader reshaped (the listing's cards)
// would otherwise go to the browser a second time, unread.

/** The transfer keys router state points at. */
function referencedKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value !== 'object' || value === null) return into;
  const ref = (value as { $transfer?: unknown }).$transfer;
  if (Array.isArray(ref) && typeof ref[0] === 'string') into.add(ref[0]);
  else for (const v of Object.values(value)) referencedKeys(v, into);
  return into;
}

export function documentPayload(
  result: StaticHandlerContext,
  transfer: TransferCache,
  config: SiteConfig,
  options: { production: boolean; transferMetrics: TransferMetrics },
): Payload {
  const transferred = transfer.seal();
  options.transferMetrics.record(transfer.stats.entries, transfer.stats.bytes, transfer.stats.refused);
  const loaderData = referenceTransferEntries(result.loaderData, transferred);
  const needed = referencedKeys(loaderData);
  return {
    config,
    router: {
      loaderData,
      actionData: result.actionData,
      // An Error's message may hold internals: in production only its generic text travels.
      errors: serializeRouteErrors(result.errors, options.production),
    },
    transfer: Object.fromEntries([...transferred].filter(([key]) => needed.has(key))),
  };
}

/**
 * The document's one inline script (it carries the nonce): the payload (escaped for an inline
 * script; it holds no raw line break, so the first `;` + line break ends it), then the loader
 * that starts the page's modules after its first paint (script-loader.ts).
 */
export function bootstrapScript(payload: Payload): string {
  return `self.${PAYLOAD_GLOBAL}=${serializeForInlineScript(payload)};\n${SCRIPT_LOADER}`;
}
