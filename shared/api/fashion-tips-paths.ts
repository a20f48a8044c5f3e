// The fashion tips' endpoint, a home call the help pages make too. A module of its own: a
// module a landing page shares with other pages is folded into every page's first load
// (scripts/lib/js-budget.ts), so the listing and product pages would carry all of the home
// page's paths for this one (home-paths.ts names it among the home's calls).

export const FASHION_TIPS_PATH = '/api/home/fashion-tips';
