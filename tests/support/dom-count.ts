/**
 * The elements of a server-rendered page, as a browser that runs scripts builds them: every
 * start tag, the inline scripts' contents left out (their `<` are escaped anyway) and so are
 * <noscript> contents (such a browser reads them as text). React's markup is well-formed, so
 * counting tags counts elements.
 */
export function countElements(html: string): number {
  const asBuilt = html.replace(/(<script[^>]*>)[\s\S]*?<\/script>/g, '$1</script>').replace(/(<noscript>)[\s\S]*?<\/noscript>/g, '$1</noscript>');
  return [...asBuilt.matchAll(/<[a-zA-Z][a-zA-Z0-9-]*/g)].length;
}
