// Everything we put inside an inline <script> goes through here (house rule; Saleor's
// serialiser is the model). JSON.stringify leaves "<", ">", "&", "/" and the line
// separators U+2028/U+2029 as they are; inside a script element "</script>" or "<!--"
// ends or confuses the script, and U+2028/9 break older JavaScript parsers.
const UNSAFE = /[<>&/\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003C',
  '>': '\\u003E',
  '&': '\\u0026',
  '/': '\\u002F',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function serializeForInlineScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) return 'null';
  return json.replace(UNSAFE, (ch) => ESCAPES[ch] ?? ch);
}
