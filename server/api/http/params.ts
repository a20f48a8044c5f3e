import { z } from 'zod';
import { DEPARTMENTS, isDepartment } from '../../../shared/constants';
import { COUNTRY_CODES, DEFAULT_COUNTRY, parseCountryCode } from '../../../shared/countries';

const COUNTRY_MESSAGE = `country must be one of ${COUNTRY_CODES.join(', ')}`;

/** One of the eight country codes, in any case. */
export const countryCode = z.string().transform((value, ctx) => {
  const code = parseCountryCode(value);
  if (!code) {
    ctx.addIssue({ code: 'custom', message: COUNTRY_MESSAGE });
    return z.NEVER;
  }
  return code;
});

/** `?country=`: optional, GB when absent (spec section 1: the default country is GB). */
export const CountryQuery = z.object({
  country: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return DEFAULT_COUNTRY;
      const code = parseCountryCode(value);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: COUNTRY_MESSAGE });
        return z.NEVER;
      }
      return code;
    }),
});

/** `?department=`: optional, one of the three in any case. */
export const optionalDepartment = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined;
    const department = value.toLowerCase();
    if (!isDepartment(department)) {
      ctx.addIssue({ code: 'custom', message: `department must be one of ${DEPARTMENTS.join(', ')}` });
      return z.NEVER;
    }
    return department;
  });

/** `?country=&department=` (brand lists, search suggestions). */
export const CountryDepartmentQuery = CountryQuery.extend({ department: optionalDepartment });
