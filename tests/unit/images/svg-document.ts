import { SaxesParser } from 'saxes';

// A strict XML read of a drawn picture: saxes throws on anything a browser's XML parser would
// refuse (unbalanced tags, bare &, unquoted or repeated attributes, undeclared prefixes).

export type SvgElement = { name: string; attributes: Record<string, string> };
export type SvgDocument = { root: SvgElement; elements: SvgElement[]; text: string };

export function parseSvg(svg: string): SvgDocument {
  const parser = new SaxesParser({ xmlns: true });
  const elements: SvgElement[] = [];
  let text = '';
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, attribute] of Object.entries(tag.attributes)) attributes[name] = attribute.value;
    elements.push({ name: tag.name, attributes });
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.write(svg).close();
  const root = elements[0];
  if (!root) throw new Error('no root element');
  return { root, elements, text };
}

/** Ids referenced by url(#…) or href="#…" that no element in the document defines. */
export function danglingReferences(svg: string, doc: SvgDocument): string[] {
  const ids = new Set(doc.elements.map((e) => e.attributes.id).filter(Boolean));
  const refs = [...svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)].map((m) => m[1]!);
  return refs.filter((ref) => !ids.has(ref));
}

/** Ids defined more than once: a later definition would silently win. */
export function duplicateIds(doc: SvgDocument): string[] {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const id of doc.elements.map((e) => e.attributes.id).filter((id): id is string => !!id)) {
    if (seen.has(id)) duplicates.push(id);
    seen.add(id);
  }
  return duplicates;
}

/** The checks every picture we serve must pass; returns the parsed document for more. */
export function expectWellFormedSvg(svg: string): SvgDocument {
  const doc = parseSvg(svg);
  if (doc.root.name !== 'svg') throw new Error(`root is <${doc.root.name}>`);
  if (doc.root.attributes.xmlns !== 'http://www.w3.org/2000/svg') throw new Error('root lacks the SVG namespace');
  if (!doc.root.attributes.viewBox) throw new Error('root lacks a viewBox');
  if (doc.elements[1]?.name !== 'title' || !doc.text.trim()) throw new Error('first child is not a non-empty <title>');
  const dangling = danglingReferences(svg, doc);
  if (dangling.length) throw new Error(`dangling references: ${dangling.join(', ')}`);
  const duplicates = duplicateIds(doc);
  if (duplicates.length) throw new Error(`duplicate ids: ${duplicates.join(', ')}`);
  return doc;
}
