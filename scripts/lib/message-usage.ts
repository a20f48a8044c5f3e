import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { messageIds } from '../../server/lib/catalogs';
import { DYNAMIC_MESSAGE_FAMILIES } from '../../shared/i18n/dynamic-messages';

// The extraction half of the catalogue step (decision 0080): which of the English catalogue's
// ids the code uses. Code names a message by its id as a string literal (`t('shell.search')`,
// `<T id="…">`), or builds ids of a declared family from data (`taxonomy.category.${slug}`).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_DIRS = ['client', 'shared', 'server'];
const SKIPPED = path.join(root, 'shared/i18n/catalogs');

function sourceText(): string {
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== SKIPPED) walk(full);
      } else if (/\.tsx?$/.test(entry.name)) parts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  return parts.join('\n');
}

/** The English catalogue's ids no code uses (`ids`: the English catalogue's, unless told). */
export function unusedMessageIds(source = sourceText(), ids = messageIds()): string[] {
  const familyUsed = new Map(DYNAMIC_MESSAGE_FAMILIES.map((prefix) => [prefix, source.includes(`\`${prefix}\${`)]));
  return ids.filter((id) => {
    const family = DYNAMIC_MESSAGE_FAMILIES.find((prefix) => id.startsWith(prefix));
    if (family) return !familyUsed.get(family);
    return !(source.includes(`'${id}'`) || source.includes(`"${id}"`) || source.includes(`\`${id}\``));
  });
}
