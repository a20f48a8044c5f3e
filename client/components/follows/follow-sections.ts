// The titles and empty states of My Brands and My Stores (client/routes/user-follows.route.tsx),
// kept apart from the other account pages' (user-section.route.tsx) so that only their page
// carries them.
export const FOLLOW_SECTIONS = {
  brands: { title: 'My Brands', empty: 'You are not following any brands yet. Follow a brand to see its new arrivals and sales here.', find: 'Find brands to follow' },
  stores: { title: 'My Stores', empty: 'You are not following any stores yet. Follow a store to see its offers here.', find: 'Find stores to follow' },
} as const;
