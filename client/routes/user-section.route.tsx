import type { RouteObject } from 'react-router';
import { PageMeta } from '../components/meta/PageMeta';
import { ShellLink } from '../components/ui/ShellLink';

// The account pages whose features arrive with later issues (spec section 2 "Global shell":
// My Alerts, My Wishlists, My Lookbook, My Brands, My Stores, My Sales). Each exists now and
// says it is empty; the issue that brings the feature replaces its entry here. The titles and
// empty states of the ones that have arrived (My Wishlists, My Lookbook) stay here, where their
// pages read them; My Alerts and My Sales keep theirs in client/components/alerts/alert-rules.ts
// (ALERT_SECTIONS).

export const USER_SECTIONS = {
  wishlists: { title: 'My Wishlists', empty: 'You have no wishlists yet. Tap the heart on a product to start one.' },
  lookbook: { title: 'My Lookbook', empty: 'You have not saved any looks yet. Build an outfit with Dress Me and save it here.' },
  brands: { title: 'My Brands', empty: 'You are not following any brands yet. Follow a brand to see its new arrivals and sales here.' },
  stores: { title: 'My Stores', empty: 'You are not following any stores yet. Follow a store to see its offers here.' },
} as const;
export type UserSection = keyof typeof USER_SECTIONS;

function SectionPage({ section }: { section: UserSection }) {
  const { title, empty } = USER_SECTIONS[section];
  return (
    <section className="account-section account-empty" data-section={section}>
      <PageMeta title={title} description={title} noindex />
      <h1>{title}</h1>
      <p>{empty}</p>
      <p>
        <ShellLink to="/" className="button">
          Start shopping
        </ShellLink>
      </p>
    </section>
  );
}

export function userSectionRoute(section: UserSection): Pick<RouteObject, 'Component'> {
  return { Component: () => <SectionPage section={section} /> };
}
