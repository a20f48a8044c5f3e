import { FASHION_TIPS_PATH } from './fashion-tips-paths';

// The home page's endpoints (home-schemas.ts says what each answers): read by page scripts,
// so this module imports no zod.

export const HOME_API = {
  slides: '/api/home/slides',
  topRated: '/api/home/top-rated',
  fashionBlog: '/api/home/fashion-blog',
  showcase: '/api/home/showcase',
  promotedLinks: '/api/home/promoted-links',
  editorsPickLinks: '/api/home/editorspick-links',
  fashionTips: FASHION_TIPS_PATH,
} as const;
