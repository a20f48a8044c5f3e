import { createHash } from 'node:crypto';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { CATALOG_SOURCES, MESSAGE_AREAS } from '../../shared/i18n/catalog-sources';
import { CATALOGS, type CatalogId } from '../../shared/i18n/languages';
import type { CompiledCatalog } from '../../shared/i18n/translator';

// The catalogues compiled with Lingui's compiler (decision 0080): the web renders pages with
// them, the api writes e-mails and messages with them, and the build writes each one as a
// content-hashed asset the browser loads. The same sources and the same compiler on every
// side, so server and browser print the same text.

const compiled = new Map<CatalogId, CompiledCatalog>();

/** A language's messages, every area merged and compiled (once per process). */
export function compiledCatalog(id: CatalogId): CompiledCatalog {
  let catalog = compiled.get(id);
  if (!catalog) {
    catalog = {};
    for (const area of MESSAGE_AREAS) {
      for (const [key, message] of Object.entries(CATALOG_SOURCES[id][area])) catalog[key] = compileMessageOrThrow(message);
    }
    compiled.set(id, catalog);
  }
  return catalog;
}

/** The compiled catalogue as the browser loads it, and its content hash. */
export function catalogAsset(id: CatalogId): { json: string; hash: string } {
  const json = JSON.stringify(compiledCatalog(id));
  return { json, hash: createHash('sha256').update(json).digest('base64url').slice(0, 10) };
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
export function catalogProblems(): string[] {
  const problems: string[] = [];
  const english = CATALOG_SOURCES.en;
  for (const id of CATALOGS) {
    for (const area of MESSAGE_AREAS) {
      const source = CATALOG_SOURCES[id][area];
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
export function messageIds(): string[] {
  return MESSAGE_AREAS.flatMap((area) => Object.keys(CATALOG_SOURCES.en[area]));
}
