import { browserApi } from '../../api/browser-api';
import * as SEARCH_API from '../../../shared/api/search-paths';

/** The search box's suggestions for cleaned text, within the shopper's department. */
export async function searchSuggestions(q: string, department: string | undefined) {
  const answer = await browserApi().get(SEARCH_API.autoSuggest(q), 'Suggestions', { department });
  return answer.suggestions;
}
