/**
 * The elements of a server-rendered page, as the browser builds them: every start tag, the
 * inline scripts' contents left out (their `<` are escaped anyway). React's markup is
 * well-formed, so counting tags counts elements.
 */
export function countElements(html: string): number {
  return [...html.replace(/(<script[^>]*>)[\s\S]*?<\/script>/g, '$1</script>').matchAll(/<[a-zA-Z][a-zA-Z0-9-]*/g)].length;
}
