// Helpers for the XML the web server writes by hand: SVG pictures and sitemaps.

/**
 * Text for markup, as numeric character references: valid in any XML (SVG and sitemaps
 * alike), and the pictures' bytes stay what their immutable URLs promised.
 */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** FNV-1a: a stable number from a name, to choose a look that never changes for that name. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
