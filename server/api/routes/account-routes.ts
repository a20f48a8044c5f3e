import { Router } from 'express';
import { z } from 'zod';
import { COUNTRIES } from '../../../shared/countries';
import { CacheLong } from '../../../shared/http/cache-policy';
import { notFound } from '../../lib/http-error';
import { countryCode } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import type { MenuService } from '../services/menu-service';

const MenuParams = z.object({
  id: z.coerce.number({ message: 'id must be a number' }).int('id must be a whole number').positive('id must be positive'),
});

const CountryParams = z.object({ code: countryCode });

export function accountRoutes(deps: { menu: MenuService }): Router {
  const router = Router();

  // The menu is the same on every country site; the id names the country site asking
  // (its countryId), so it must be one of ours.
  router.get('/menu-structure/:id', async (req, res) => {
    const { id } = parseInput(MenuParams, req.params);
    if (!Object.values(COUNTRIES).some((c) => c.info.countryId === id)) {
      throw notFound(`No menu for site ${id}`);
    }
    sendData(res, { menuList: await deps.menu.menuList() }, CacheLong);
  });

  router.get('/countries/:code', (req, res) => {
    const { code } = parseInput(CountryParams, req.params);
    const country = COUNTRIES[code];
    sendData(
      res,
      { countryCode: country.code, countryName: country.name, countryInfo: country.info },
      CacheLong,
    );
  });

  return router;
}
