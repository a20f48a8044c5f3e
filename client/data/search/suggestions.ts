import { browserApi } from '../../api/browser-api';

/** The search box's suggestions for cleaned text, within the shopper's department. */
export async function searchSuggestions(q: string, department: string | undefined) {
  const answer = await browserApi().get(`/api/search/auto-suggest/${encodeURIComponent(q)}`, 'Suggestions', { department });
  return answer.suggestions;
}
