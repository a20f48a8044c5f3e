import type { Translate } from '../../shared/i18n/translator';

// The names of the catalogue's fixed vocabulary in the page's language (decision 0080): the
// api answers category, department and colour names in English with their slugs, and the page
// names them from the taxonomy catalogue by slug. A name the catalogue lacks (a category
// added since) shows the api's English one; a test holds each family whole.

const named = (t: Translate, id: string, english: string) => t.named(id, english);

export const categoryName = (t: Translate, slug: string, english: string) => named(t, `taxonomy.category.${slug}`, english);
export const departmentName = (t: Translate, department: string, english: string) => named(t, `taxonomy.department.${department}`, english);
export const colourName = (t: Translate, colour: string, english: string) => named(t, `taxonomy.colour.${colour}`, english);
