import { attributeName, COMMA_LIST_ATTRIBUTES, FeedFormatError, type FeedReadResult, type FeedRecord } from './feed-record';

// Google Merchant Center's tab-separated format: a header row of attribute names, then
// one item per row. Values are taken as written; a value that must hold a tab or a line
// break may be wrapped in double quotes ("" inside stands for one quote). Line numbers
// are the file's, counting the header as line 1, so a merchant can find the row.

// Where a comma starts the next entry of a list attribute. Shipping entries look like
// "GB::Standard:4.99 GBP" and product_detail entries like "General:Care:Hand wash", so a
// comma inside a price ("1,299.00 INR") or a care text ("wash cold, dry flat") stays put.
const LIST_SEPARATORS: Record<string, RegExp> = {
  additional_image_link: /,/,
  promotion_id: /,/,
  shipping: /,(?=\s*[A-Za-z]{0,3}:[^:,]*:[^:,]*:)/,
  product_detail: /,(?=[^,:]+:[^,:]+:)/,
};

type Row = { line: number; fields: string[] };

/** Splits TSV text into rows of fields, honouring optional double quotes. */
function* rows(text: string): Generator<Row> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    let end = text.indexOf('\n', i);
    if (end === -1) end = n;
    const raw = text.slice(i, end > i && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    // Most rows hold no quotes at all: split them in one call.
    if (raw.indexOf('"') === -1) {
      if (raw !== '') yield { line, fields: raw.split('\t') };
      line++;
      i = end + 1;
      continue;
    }
    const startLine = line;
    const fields: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === 34 /* " */) {
        let out = '';
        let j = i + 1;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q === -1) {
            // An unclosed quote: take the rest of the line as written rather than swallow the file.
            const eol = text.indexOf('\n', i);
            out = text.slice(i, eol === -1 ? n : eol);
            j = eol === -1 ? n : eol;
            break;
          }
          out += text.slice(j, q);
          if (text.charCodeAt(q + 1) === 34) {
            out += '"';
            j = q + 2;
            continue;
          }
          j = q + 1;
          break;
        }
        for (let k = i; k < j; k++) if (text.charCodeAt(k) === 10) line++;
        // Anything between the closing quote and the next separator is kept.
        let k = j;
        while (k < n && text.charCodeAt(k) !== 9 && text.charCodeAt(k) !== 10) k++;
        value = out + text.slice(j, k).replace(/\r$/, '');
        i = k;
      } else {
        let k = i;
        while (k < n) {
          const c = text.charCodeAt(k);
          if (c === 9 || c === 10) break;
          k++;
        }
        value = text.slice(i, k);
        if (value.endsWith('\r')) value = value.slice(0, -1);
        i = k;
      }
      fields.push(value);
      if (i >= n) break;
      const sep = text.charCodeAt(i);
      i++;
      if (sep === 10) {
        line++;
        break;
      }
    }
    if (fields.length > 1 || fields[0] !== '') yield { line: startLine, fields };
  }
}

export function splitListValue(attribute: string, value: string): string[] {
  const separator = LIST_SEPARATORS[attribute];
  const parts = separator ? value.split(separator) : [value];
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** Reads a TSV feed into records; throws FeedFormatError when there is no usable header. */
export function readTsvFeed(text: string): FeedReadResult {
  const iterator = rows(text);
  const first = iterator.next();
  if (first.done) throw new FeedFormatError('the feed is empty: a TSV feed starts with a header row of attribute names');
  const header = first.value.fields.map(attributeName);
  if (!header.includes('id')) {
    throw new FeedFormatError(`line ${first.value.line}: the header row has no "id" column (found: ${header.join(', ')})`);
  }
  const records: FeedRecord[] = [];
  const malformed: FeedReadResult['malformed'] = [];
  for (const row of iterator) {
    if (row.fields.length > header.length) {
      malformed.push({
        line: row.line,
        reason: `has ${row.fields.length} tab-separated fields but the header names ${header.length} (a stray tab?)`,
      });
      continue;
    }
    const values: Record<string, string[]> = {};
    row.fields.forEach((raw, index) => {
      const name = header[index]!;
      const value = raw.trim();
      if (!name || value === '') return;
      const list = COMMA_LIST_ATTRIBUTES.has(name) ? splitListValue(name, value) : [value];
      (values[name] ??= []).push(...list);
    });
    records.push({ line: row.line, values });
  }
  return { records, malformed };
}
