// Vitrine's pages on the social networks: the footer links them, and the home page's
// Organization data names them as sameAs.
export const SOCIAL_LINKS: readonly [string, string][] = [
  ['Pinterest', 'https://www.pinterest.com/vitrine'],
  ['Facebook', 'https://www.facebook.com/vitrine'],
  ['Twitter', 'https://twitter.com/vitrine'],
  ['Tumblr', 'https://vitrine.tumblr.com'],
];
