import type { CountryCode } from '../../../shared/countries';
import type { MessageId } from '../../../shared/i18n/message-ids';
import type { Translate } from '../../../shared/i18n/translator';

// A country site's name and its currency's name in the page's language (issue 29). The English
// catalogue holds what shared/countries.ts says ("UK", "Pound Sterling"); each id is written
// out, so the build sees it used.

const COUNTRY_NAME: Readonly<Record<CountryCode, MessageId>> = {
  GB: 'common.country.gb',
  US: 'common.country.us',
  IN: 'common.country.in',
  AE: 'common.country.ae',
  CA: 'common.country.ca',
  AU: 'common.country.au',
  HK: 'common.country.hk',
  SG: 'common.country.sg',
};

const CURRENCY_NAME: Readonly<Record<CountryCode, MessageId>> = {
  GB: 'common.currency.gb',
  US: 'common.currency.us',
  IN: 'common.currency.in',
  AE: 'common.currency.ae',
  CA: 'common.currency.ca',
  AU: 'common.currency.au',
  HK: 'common.currency.hk',
  SG: 'common.currency.sg',
};

/** "Canada", "加拿大": the country site's name as the page's language writes it. */
export const countryName = (t: Translate, code: CountryCode): string => t(COUNTRY_NAME[code]);

/** "Canadian Dollar", "dollars canadiens": the site's currency as the page's language names it. */
export const currencyName = (t: Translate, code: CountryCode): string => t(CURRENCY_NAME[code]);
