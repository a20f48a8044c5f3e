// Message families whose ids the code builds from data rather than writing out: a category's
// name is `taxonomy.category.<slug>`, so the code holds the prefix, not each id (decision 0080).
// The build counts an id of a family as used when the code builds ids of that family; a test
// of each family checks that its ids and its data are the same set.
export const DYNAMIC_MESSAGE_FAMILIES: readonly string[] = ['taxonomy.category.', 'taxonomy.department.', 'taxonomy.colour.'];
