import type { HelpSlug } from '../../routes';

// The help navigation's names of the six pages: every help page shows them all, so they are
// kept apart from the pages' text.
export const HELP_NAV_LABELS: Readonly<Record<HelpSlug, string>> = {
  'about-us': 'About Us',
  'contact-us': 'Contact Us',
  'faqs': 'FAQs',
  'terms-and-conditions': 'Terms & Conditions',
  'privacy-policy': 'Privacy Policy',
  'general-data-protection-notice': 'Data Protection Notice',
};
