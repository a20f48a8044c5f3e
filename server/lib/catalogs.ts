import { createHash } from 'node:crypto';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { CATALOG_SOURCES, MESSAGE_AREAS } from '../../shared/i18n/catalog-sources';
import { DYNAMIC_MESSAGE_FAMILIES } from '../../shared/i18n/dynamic-messages';
import { CATALOGS, type CatalogId } from '../../shared/i18n/languages';
import type { CompiledCatalog } from '../../shared/i18n/translator';

// The catalogues compiled with Lingui's compiler (decision 0080): the web renders pages with
// them, the api writes e-mails and messages with them, and the build writes each one as a
// content-hashed asset the browser loads. The same sources and the same compiler on every
// side, so server and browser print the same text.

/**
 * Whether this code runs bundled (scripts/build.ts defines it), where every message id in the
 * code was replaced by a short one (`shortMessageIds`): its catalogues are keyed the same way.
 * From the sources (tests, tsx) ids are the long ones.
 */
const BUNDLED_SHORT_IDS = process.env.VITRINE_SHORT_MESSAGE_IDS === '1';

const compiled = new Map<string, CompiledCatalog>();

/** A language's messages, every area merged and compiled (once per process). */
export function compiledCatalog(id: CatalogId, short = BUNDLED_SHORT_IDS): CompiledCatalog {
  const cacheKey = `${id}:${short}`;
  let catalog = compiled.get(cacheKey);
  if (!catalog) {
    catalog = {};
    for (const area of MESSAGE_AREAS) {
      for (const [key, message] of Object.entries(CATALOG_SOURCES[id][area])) catalog[short ? shortMessageId(key) : key] = compileMessageOrThrow(message);
    }
    compiled.set(cacheKey, catalog);
  }
  return catalog;
}

/**
 * A compiled message as the browser is sent it: a message that is only text as that text
 * ("Menu", not ["Menu"]), which the browser's formatter reads as it is (compiled-format.ts).
 */
export function browserMessage(message: CompiledCatalog[string]): CompiledCatalog[string] {
  return Array.isArray(message) && message.length === 1 && typeof message[0] === 'string' ? message[0] : message;
}

/** The compiled catalogue as the browser loads it (short ids, as the bundles speak), and its content hash. */
export function catalogAsset(id: CatalogId): { json: string; hash: string } {
  const catalog = compiledCatalog(id, true);
  const json = JSON.stringify(Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, browserMessage(message)])));
  return { json, hash: createHash('sha256').update(json).digest('base64url').slice(0, 10) };
}

type ShortIds = { ids: Map<string, string>; families: { prefix: string; short: string }[] };
let shortIds: ShortIds | undefined;

/**
 * Short ids for the bundles (decision 0080): a message named 'listing.sort.newest' in the code
 * travels as '2f', in the code and in every catalogue alike, as Lingui's own build names
 * messages by a short hash; a family's prefix becomes '~0.' and the like. Given by the English
 * catalogue's sorted ids, so a build and the servers it bundles agree.
 */
export function shortMessageIds(): ShortIds {
  if (!shortIds) {
    const families = DYNAMIC_MESSAGE_FAMILIES.map((prefix, i) => ({ prefix, short: `~${i.toString(36)}.` }));
    const plain = messageIds()
      .filter((id) => !families.some((family) => id.startsWith(family.prefix)))
      .sort();
    shortIds = { ids: new Map(plain.map((id, i) => [id, i.toString(36)])), families };
  }
  return shortIds;
}

/**
 * A message id as the browser's bundle names it: the built client always speaks short ids, and a
 * web running from the sources (the tests' in-process stacks) renders with long ones, so what it
 * sends the browser is named the bundle's way.
 */
export function clientMessageId(id: string): string {
  return BUNDLED_SHORT_IDS ? id : shortMessageId(id);
}

/** A message id as the bundles name it. */
export function shortMessageId(id: string): string {
  const { ids, families } = shortMessageIds();
  const family = families.find((f) => id.startsWith(f.prefix));
  return family ? `${family.short}${id.slice(family.prefix.length)}` : (ids.get(id) ?? id);
}

const QUOTED_ID = /(['"`])([a-z][A-Za-z0-9]*\.[A-Za-z0-9_.-]+)\1/g;

/** Source code with every message id literal, and every family's template prefix, in its short form. */
export function withShortMessageIds(source: string): string {
  const { ids, families } = shortMessageIds();
  let out = source.replace(QUOTED_ID, (whole, quote: string, id: string) => {
    const short = ids.get(id);
    return short === undefined ? whole : `${quote}${short}${quote}`;
  });
  for (const { prefix, short } of families) out = out.replaceAll(`\`${prefix}\${`, `\`${short}\${`);
  return out;
}

/** The argument names a compiled message uses ({name}, {count, plural, …}), sorted. */
function argumentsOf(message: CompiledMessage): string[] {
  const names = new Set<string>();
  // A message is a list of parts: text, or an argument [name, type?, options?] whose options'
  // branches are lists of parts again.
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part) || typeof part[0] !== 'string') continue;
      names.add(part[0]);
      if (part[2] && typeof part[2] === 'object') for (const branch of Object.values(part[2] as object)) walk(branch);
    }
  };
  walk(message);
  return [...names].sort();
}

/**
 * What is wrong with the catalogues, one line each: an area file whose ids do not start with
 * its area, a message that does not parse, an id one language lacks or has beyond English,
 * a translation whose arguments differ from the English message's.
 */
export function catalogProblems(sources: typeof CATALOG_SOURCES = CATALOG_SOURCES): string[] {
  const problems: string[] = [];
  const english = sources.en;
  for (const id of CATALOGS) {
    for (const area of MESSAGE_AREAS) {
      const source = sources[id][area];
      for (const [key, message] of Object.entries(source)) {
        if (!key.startsWith(`${area}.`)) problems.push(`${id}/${area}.json: "${key}" does not start with "${area}."`);
        if (!(key in english[area])) problems.push(`${id}/${area}.json: "${key}" is not in the English catalogue`);
        let compiledMessage: CompiledMessage;
        try {
          compiledMessage = compileMessageOrThrow(message);
        } catch (error) {
          problems.push(`${id}/${area}.json: "${key}" does not parse: ${(error as Error).message}`);
          continue;
        }
        const englishMessage = english[area][key];
        if (id !== 'en' && englishMessage !== undefined) {
          const want = argumentsOf(compileMessageOrThrow(englishMessage)).join(', ');
          const got = argumentsOf(compiledMessage).join(', ');
          if (want !== got) problems.push(`${id}/${area}.json: "${key}" uses {${got}}, the English message {${want}}`);
        }
      }
      for (const key of Object.keys(english[area])) {
        if (!(key in source)) problems.push(`${id}/${area}.json: "${key}" is missing`);
      }
    }
  }
  return problems;
}

/** Every message id of the English catalogue. */
export function messageIds(sources: typeof CATALOG_SOURCES = CATALOG_SOURCES): string[] {
  return MESSAGE_AREAS.flatMap((area) => Object.keys(sources.en[area]));
}
