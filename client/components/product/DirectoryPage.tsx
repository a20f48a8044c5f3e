import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { FollowTarget } from '../follows/FollowButton';
import { useLocale, useT } from '../../app/i18n';
import { PageMeta } from '../meta/PageMeta';
import { ShellLink } from '../ui/ShellLink';
import { AlphabetDirectory } from './AlphabetDirectory';
import { formatNumber } from '../../../shared/i18n/format-number';

// The brands and stores directories (spec section 2 route table) are one page: a heading
// and a line about the list, the most popular names first (by product count), then every
// name from A to Z. One component, so what each entry offers (its link, and among the
// popular ones a Follow button) is written once for both. The A–Z list stays plain links: a
// form per name would weigh down a list of thousands; each name's listing has its button.
// In the page's language (issue 29); the names as the feeds give them.

/** One brand or store: its listing, its A–Z letter, how many products it has here. */
export type DirectoryItem = {
  name: string;
  to: string;
  letter: string;
  productCount: number;
  /** A picture beside the name among the popular ones (store logos). */
  logo?: string | null;
  /** A few words after the count ("ships from France"). */
  detail?: string;
  /** What its Follow button follows (shown among the popular ones). */
  follow?: FollowTarget;
};

/** What each directory lists: its name (the A–Z label), its popular heading, its empty words. */
const LISTED = {
  brands: { label: 'listing.directory.brands', popular: 'listing.directory.popularBrands', none: 'listing.directory.noBrands' },
  stores: { label: 'listing.directory.stores', popular: 'listing.directory.popularStores', none: 'listing.directory.noStores' },
} as const;

type Props = {
  /** What is listed: the words, and the anchors' and headings' ids. */
  listed: keyof typeof LISTED;
  heading: string;
  meta: { title: string; description: string; path: string };
  /** The line under the heading. */
  intro: ReactNode;
  /** Between the intro and the list (the department links of the brands). */
  filters?: ReactNode;
  items: readonly DirectoryItem[];
  /** How many of the biggest to show first; 0 for none. */
  popular: number;
  /**
   * The Follow button beside each popular name, from the route (follows/follow-lazy.ts: each
   * page passes its own, so this module, shared by both directories, does not carry it).
   */
  FollowButton?: ComponentType<FollowTarget>;
};

/** The biggest first; equal counts by name. */
export function mostPopular(items: readonly DirectoryItem[], count: number): DirectoryItem[] {
  return [...items].sort((a, b) => b.productCount - a.productCount || a.name.localeCompare(b.name)).slice(0, count);
}

export function DirectoryPage({ listed, heading, meta, intro, filters, items, popular: popularCount, FollowButton }: Props) {
  const t = useT();
  const locale = useLocale();
  const words = LISTED[listed];
  const noun = listed;
  const count = (item: DirectoryItem) => t('listing.directory.productCount', { count: item.productCount });
  const popular = mostPopular(items, popularCount);
  return (
    <div className="directory-page">
      <PageMeta title={meta.title} description={meta.description} path={meta.path} />
      <h1>{heading}</h1>
      <p className="directory-intro">{intro}</p>
      {filters}
      {popular.length > 0 && (
        <section className="directory-popular" aria-labelledby={`popular-${noun}`}>
          <h2 id={`popular-${noun}`}>{t(words.popular)}</h2>
          <ul>
            {popular.map((item) => (
              <li key={item.to}>
                <ShellLink to={item.to}>
                  {item.logo && <img src={item.logo} alt="" width={120} height={40} loading="lazy" decoding="async" />}
                  <span className="directory-name">{item.name}</span>
                  <span className="directory-count">
                    {`${count(item)}${item.detail ? `, ${item.detail}` : ''}`}
                  </span>
                </ShellLink>
                {item.follow && FollowButton && (
                  <Suspense fallback={null}>
                    <FollowButton {...item.follow} />
                  </Suspense>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {items.length === 0 ? (
        <p>{t(words.none)}</p>
      ) : (
        <AlphabetDirectory
          label={t(words.label)}
          idPrefix={noun}
          entries={items.map((item) => ({
            name: item.name,
            to: item.to,
            letter: item.letter,
            note: `(${[formatNumber(locale, item.productCount), item.detail].filter(Boolean).join(', ')})`,
          }))}
        />
      )}
    </div>
  );
}
