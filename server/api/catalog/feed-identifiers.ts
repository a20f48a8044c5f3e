import { readGtin } from '../../../shared/gtin';
import type { FeedRecord } from './feed-record';

// Google's product identifiers (issue 28, decision 0079): `gtin`, `mpn` and `identifier_exists`,
// what the matcher (offer-matching.ts) links one store's item to another's by. A bad identifier
// never costs the merchant the item: it is left out, and the import report says which line and
// value, so the merchant can fix it while the item still sells.

export type FeedIdentifiers = {
  /** GTIN-14, its check digit verified; undefined when absent or bad. */
  gtin: string | undefined;
  mpn: string | undefined;
  /** false: the merchant says the item has no identifiers (private label), so it never matches. */
  identifierExists: boolean | undefined;
};

/** An identifier left out, with the line and the value the merchant wrote. */
export type FeedWarning = { line: number; attribute: string; value: string; reason: string };

/** Google's limit for mpn. */
const MPN_MAX = 70;

const IDENTIFIER_EXISTS = new Map([['yes', true], ['true', true], ['no', false], ['false', false]]);

/** The item's identifiers, and a warning for each one left out. */
export function readIdentifiers(record: FeedRecord, itemId: string): { identifiers: FeedIdentifiers; warnings: FeedWarning[] } {
  const warnings: FeedWarning[] = [];
  const warn = (attribute: string, value: string, why: string) =>
    warnings.push({ line: record.line, attribute, value, reason: `item ${itemId}: ${attribute} "${value}" ${why}; loaded without it` });

  let gtin: string | undefined;
  const gtinText = record.values.gtin?.[0]?.trim();
  if (gtinText) {
    const reading = readGtin(gtinText);
    if ('gtin' in reading) gtin = reading.gtin;
    else warn('gtin', gtinText, reading.error);
  }

  let mpn = record.values.mpn?.[0]?.trim() || undefined;
  if (mpn && mpn.length > MPN_MAX) {
    warn('mpn', mpn, `is longer than ${MPN_MAX} characters`);
    mpn = undefined;
  }

  let identifierExists: boolean | undefined;
  const existsText = record.values.identifier_exists?.[0]?.trim();
  if (existsText) {
    identifierExists = IDENTIFIER_EXISTS.get(existsText.toLowerCase());
    if (identifierExists === undefined) warn('identifier_exists', existsText, 'is not one of yes, no, true, false');
  }
  return { identifiers: { gtin, mpn, identifierExists }, warnings };
}
