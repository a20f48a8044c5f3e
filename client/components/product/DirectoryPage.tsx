import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { FollowTarget } from '../follows/FollowButton';
import { PageMeta } from '../meta/PageMeta';
import { ShellLink } from '../ui/ShellLink';
import { AlphabetDirectory } from './AlphabetDirectory';

// The brands and stores directories (spec section 2 route table) are one page: a heading
// and a line about the list, the most popular names first (by product count), then every
// name from A to Z. One component, so what each entry offers (its link, and among the
// popular ones a Follow button) is written once for both. The A–Z list stays plain links: a
// form per name would weigh down a list of thousands; each name's listing has its button.

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

type Props = {
  /** What is listed, plural and capitalised ("Brands"): the A–Z label, anchors and headings. */
  label: string;
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

export function DirectoryPage({ label, heading, meta, intro, filters, items, popular: popularCount, FollowButton }: Props) {
  const noun = label.toLowerCase();
  const popular = mostPopular(items, popularCount);
  return (
    <div className="directory-page">
      <PageMeta title={meta.title} description={meta.description} path={meta.path} />
      <h1>{heading}</h1>
      <p className="directory-intro">{intro}</p>
      {filters}
      {popular.length > 0 && (
        <section className="directory-popular" aria-labelledby={`popular-${noun}`}>
          <h2 id={`popular-${noun}`}>Popular {noun}</h2>
          <ul>
            {popular.map((item) => (
              <li key={item.to}>
                <ShellLink to={item.to}>
                  {item.logo && <img src={item.logo} alt="" width={120} height={40} loading="lazy" decoding="async" />}
                  <span className="directory-name">{item.name}</span>
                  <span className="directory-count">
                    {item.productCount} products{item.detail ? `, ${item.detail}` : ''}
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
        <p>No {noun} to show here yet.</p>
      ) : (
        <AlphabetDirectory
          label={label}
          idPrefix={noun}
          entries={items.map((item) => ({
            name: item.name,
            to: item.to,
            letter: item.letter,
            note: `(${[String(item.productCount), item.detail].filter(Boolean).join(', ')})`,
          }))}
        />
      )}
    </div>
  );
}
