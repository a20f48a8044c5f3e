// How to reach Vitrine: one definition, used by the help pages and the home page's
// Organization structured data.

export const COMPANY_NAME = 'Vitrine Marketplace Ltd';
export const SUPPORT_EMAIL = 'support@vitrine.example';
export const PRIVACY_EMAIL = 'privacy@vitrine.example';
export const PARTNERS_EMAIL = 'partners@vitrine.example';
export const PRESS_EMAIL = 'press@vitrine.example';

export const POSTAL_ADDRESS = {
  streetAddress: '3rd Floor, 18 Lantern Yard',
  addressLocality: 'London',
  postalCode: 'EC2A 4QP',
  addressCountry: 'GB',
  countryName: 'United Kingdom',
} as const;

/** Company number and registration, as the terms name the contracting party. */
export const COMPANY_REGISTRATION = 'registered in England and Wales under company number 15550199';

/** Working days we answer e-mail within (the contact page and the FAQs say the same). */
export const REPLY_WORKING_DAYS = 2;
