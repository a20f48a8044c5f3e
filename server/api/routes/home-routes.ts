import { Router } from 'express';
import { z } from 'zod';
import { COUNTRY_CODES, DEFAULT_COUNTRY, parseCountryCode } from '../../../shared/countries';
import { CacheLong } from '../../../shared/http/cache-policy';
import { parseInput, sendData } from '../http/respond';
import type { HomeService } from '../services/home-service';

export const CountryQuery = z.object({
  country: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return DEFAULT_COUNTRY;
      const code = parseCountryCode(value);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: `country must be one of ${COUNTRY_CODES.join(', ')}` });
        return z.NEVER;
      }
      return code;
    }),
});

export function homeRoutes(deps: { home: HomeService }): Router {
  const router = Router();
  const { home } = deps;

  router.get('/slides', async (req, res) => {
    const { country } = parseInput(CountryQuery, req.query);
    sendData(res, { sliders: await home.slides(country) }, CacheLong);
  });
  router.get('/top-rated', async (req, res) => {
    const { country } = parseInput(CountryQuery, req.query);
    sendData(res, { topRatedList: await home.topRated(country) }, CacheLong);
  });
  const linkLists = {
    '/fashion-blog': 'fashion-blog',
    '/showcase': 'showcase',
    '/promoted-links': 'promoted',
    '/editorspick-links': 'editors-pick',
  } as const;
  for (const [path, section] of Object.entries(linkLists)) {
    router.get(path, async (req, res) => {
      const { country } = parseInput(CountryQuery, req.query);
      sendData(res, { links: await home.links(country, section) }, CacheLong);
    });
  }
  router.get('/fashion-tips', async (req, res) => {
    const { country } = parseInput(CountryQuery, req.query);
    sendData(res, await home.fashionTips(country), CacheLong);
  });

  return router;
}
