// The titles and empty states of My Wishlists and My Lookbook (spec section 2 "Global shell";
// user-wishlists.route.tsx, user-lookbook.route.tsx). My Alerts and My Sales keep theirs in
// client/components/alerts/alert-rules.ts (ALERT_SECTIONS), My Brands and My Stores in
// client/components/follows/follow-sections.ts.

export const USER_SECTIONS = {
  wishlists: { title: 'My Wishlists', empty: 'You have no wishlists yet. Tap the heart on a product to start one.' },
  lookbook: { title: 'My Lookbook', empty: 'You have not saved any looks yet. Build an outfit with Dress Me and save it here.' },
} as const;
export type UserSection = keyof typeof USER_SECTIONS;
