// The titles and empty states of the account pages that read them here (spec section 2 "Global
// shell"): My Wishlists, My Lookbook, My Brands and My Stores (user-wishlists.route.tsx,
// user-lookbook.route.tsx, user-follows.route.tsx). My Alerts and My Sales keep theirs in
// client/components/alerts/alert-rules.ts (ALERT_SECTIONS).

export const USER_SECTIONS = {
  wishlists: { title: 'My Wishlists', empty: 'You have no wishlists yet. Tap the heart on a product to start one.' },
  lookbook: { title: 'My Lookbook', empty: 'You have not saved any looks yet. Build an outfit with Dress Me and save it here.' },
  brands: { title: 'My Brands', empty: 'You are not following any brands yet. Follow a brand to see its new arrivals and sales here.', find: 'Find brands to follow' },
  stores: { title: 'My Stores', empty: 'You are not following any stores yet. Follow a store to see its offers here.', find: 'Find stores to follow' },
} as const;
export type UserSection = keyof typeof USER_SECTIONS;
