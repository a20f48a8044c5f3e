import { Router } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { HOME_API } from '../../../shared/api/home-paths';
import { CacheLong } from '../../../shared/http/cache-policy';
import { CountryQuery } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import { routesUnder, type ApiArea } from './area';

// Home-page content under /api/home (spec section 3 "Home data"), per country site.

export const homeArea: ApiArea = {
  mountPath: API_MOUNTS.home,
  routes: ({ home }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.home);

    router.get(at(HOME_API.slides), async (req, res) => {
      const { country } = parseInput(CountryQuery, req.query);
      sendData(res, { sliders: await home.slides(country) }, CacheLong);
    });
    router.get(at(HOME_API.topRated), async (req, res) => {
      const { country } = parseInput(CountryQuery, req.query);
      sendData(res, { topRatedList: await home.topRated(country) }, CacheLong);
    });
    const linkLists = [
      [HOME_API.fashionBlog, 'fashion-blog'],
      [HOME_API.showcase, 'showcase'],
      [HOME_API.promotedLinks, 'promoted'],
      [HOME_API.editorsPickLinks, 'editors-pick'],
    ] as const;
    for (const [path, section] of linkLists) {
      router.get(at(path), async (req, res) => {
        const { country } = parseInput(CountryQuery, req.query);
        sendData(res, { links: await home.links(country, section) }, CacheLong);
      });
    }
    router.get(at(HOME_API.fashionTips), async (req, res) => {
      const { country } = parseInput(CountryQuery, req.query);
      sendData(res, await home.fashionTips(country), CacheLong);
    });

    return router;
  },
};
