import { SaxesParser, type SaxesTagNS } from 'saxes';
import { FeedFormatError, type FeedReadResult, type FeedRecord } from './feed-record';

// Google Merchant Center's XML form: RSS 2.0 (<rss><channel><item>) or Atom 1.0
// (<feed><entry>), with attributes as elements in the namespace below, whatever prefix
// the feed binds it to. A streaming, namespace-aware parser gives each item the line of
// its opening tag, so a rejected item can be found in the file.
export const GOOGLE_NS = 'http://base.google.com/ns/1.0';

// Sub-attributes of the nested group attributes, in the order of Google's TSV form.
const GROUP_PARTS: Record<string, readonly string[]> = {
  shipping: ['country', 'region', 'service', 'price'],
  product_detail: ['section_name', 'attribute_name', 'attribute_value'],
};

// Plain RSS/Atom elements Google accepts in place of their g: twins.
const PLAIN_FALLBACKS: Record<string, string> = {
  title: 'title',
  link: 'link',
  description: 'description',
  summary: 'description',
};

export function readXmlFeed(text: string): FeedReadResult {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const records: FeedRecord[] = [];
  let current: FeedRecord | undefined;
  let plain: Record<string, string> = {};
  // Depth below the current item: 1 for its attributes, 2 inside a group attribute.
  let level = 0;
  let buffer = '';
  // The group attribute (shipping, product_detail) being read, and its parts so far.
  let group: { name: string; parts: Record<string, string> } | undefined;
  let sawRoot = false;

  parser.on('opentag', (tag: SaxesTagNS) => {
    if (!sawRoot) {
      sawRoot = true;
      if (tag.local !== 'rss' && tag.local !== 'feed') {
        throw new FeedFormatError(`line ${parser.line}: expected an RSS <rss> or Atom <feed> document, found <${tag.name}>`);
      }
    }
    buffer = '';
    if (!current) {
      if ((tag.local === 'item' || tag.local === 'entry') && tag.uri !== GOOGLE_NS) {
        // The parser stands just past the tag's '>', on the line the tag ends on.
        current = { line: parser.line, values: {} };
        plain = {};
        level = 0;
      }
      return;
    }
    level++;
    if (level === 1) {
      if (tag.uri === GOOGLE_NS) {
        if (tag.local in GROUP_PARTS) group = { name: tag.local, parts: {} };
      } else if (tag.local === 'link') {
        // Atom carries its link in an attribute: <link href="…"/>.
        const href = tag.attributes.href;
        if (href && typeof href === 'object' && href.value) plain.link = href.value;
      }
    }
  });
  parser.on('text', (t) => {
    if (current) buffer += t;
  });
  parser.on('cdata', (t) => {
    if (current) buffer += t;
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (!current) return;
    if (level === 0) {
      for (const name in PLAIN_FALLBACKS) {
        const plainValue = plain[name];
        const attribute = PLAIN_FALLBACKS[name]!;
        if (plainValue && !current.values[attribute]) current.values[attribute] = [plainValue];
      }
      records.push(current);
      current = undefined;
      return;
    }
    const value = buffer.trim();
    buffer = '';
    if (level === 2) {
      if (group && tag.uri === GOOGLE_NS) group.parts[tag.local] = value;
    } else if (level === 1) {
      if (group) {
        const parts = GROUP_PARTS[group.name]!.map((p) => group!.parts[p] ?? '');
        (current.values[group.name] ??= []).push(parts.join(':'));
        group = undefined;
      } else if (tag.uri === GOOGLE_NS) {
        if (value) (current.values[tag.local] ??= []).push(value);
      } else if (value && tag.local in PLAIN_FALLBACKS) {
        plain[tag.local] = value;
      }
    }
    level--;
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof FeedFormatError) throw error;
    // saxes reports "line:column: message"; keep it, it points at the fault.
    throw new FeedFormatError(`the XML is not well-formed: ${(error as Error).message}`);
  }
  if (!sawRoot) throw new FeedFormatError('the feed is empty: an XML feed is an RSS 2.0 or Atom document');
  return { records, malformed: [] };
}
