import { Router } from 'express';
import { CacheLong } from '../../../shared/http/cache-policy';
import { CountryQuery } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import type { ApiArea } from './area';

// Home-page content under /api/home (spec section 3 "Home data"), per country site.

export const homeArea: ApiArea = {
  mountPath: '/api/home',
  routes: ({ home }) => {
    const router = Router();

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
  },
};
