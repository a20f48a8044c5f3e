import { z } from 'zod';
import { DEPARTMENTS, isDepartment } from '../../../shared/constants';
import { COUNTRY_CODES, DEFAULT_COUNTRY, parseCountryCode } from '../../../shared/countries';
import { entityId, safeText } from '../../../shared/validation/safe-input';

// The api's request parameters, each built on the edge rule (shared/validation/safe-input.ts):
// text is safeText, ids are entityId, so no value a handler sees can make PostgreSQL fail.

const COUNTRY_MESSAGE = `country must be one of ${COUNTRY_CODES.join(', ')}`;

/** One of the eight country codes, in any case. */
export const countryCode = safeText('country').transform((value, ctx) => {
  const code = parseCountryCode(value);
  if (!code) {
    ctx.addIssue({ code: 'custom', message: COUNTRY_MESSAGE });
    return z.NEVER;
  }
  return code;
});

/** `?country=`: optional, GB when absent (spec section 1: the default country is GB). */
export const CountryQuery = z.object({
  country: safeText('country')
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
export const optionalDepartment = safeText('department')
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

/** `/{id}`: a row id of ours (1 to 2147483647). */
export const IdParams = z.object({ id: entityId('id') });

/**
 * A path part that is free text (a search term, a user name): safeText, or a 400 naming it.
 * Path parameters arrive decoded, so "%00" is a NUL here.
 */
export function pathText(name: string, max: number) {
  return safeText(name).max(max, `${name} is longer than ${max} characters`);
}
