import type { MessageId } from '../../../shared/i18n/message-ids';
import type { HelpSlug } from '../../routes';

// The help navigation's names of the six pages: every help page shows them all, so they are
// kept apart from the pages' text. The footer's help links name them with the same messages.
export const HELP_NAV_LABELS: Readonly<Record<HelpSlug, MessageId>> = {
  'about-us': 'shell.footer.help.aboutUs',
  'contact-us': 'shell.footer.help.contactUs',
  'faqs': 'shell.footer.help.faqs',
  'terms-and-conditions': 'shell.footer.help.terms',
  'privacy-policy': 'shell.footer.help.privacy',
  'general-data-protection-notice': 'shell.footer.help.dataProtection',
};
