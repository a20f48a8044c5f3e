import type { ReactNode } from 'react';
import { GIVEAWAY_COOKIE_MAX_DAYS } from '../../shared/giveaway';
import { ShellLink } from '../components/ui/ShellLink';

// The current giveaway's words (spec section 2 route table: giveaway), kept as data like the
// help pages. Its key and closing time are in shared/giveaway.ts, where the api reads them
// too; a new giveaway is a new key there and new words here.

export type GiveawayContent = {
  title: string;
  description: string;
  prize: ReactNode;
  rules: ReactNode[];
};

export const GIVEAWAY_CONTENT: GiveawayContent = {
  title: 'Win a winter wardrobe',
  description: 'Enter the Vitrine giveaway for a chance to win a winter wardrobe chosen with our editors. One entry per shopper.',
  prize: (
    <>
      One winner receives a winter wardrobe worth <strong>£500</strong> (or the same value in their country&apos;s currency): a coat,
      knitwear, boots and a bag of their choice from the stores on Vitrine, chosen with one of our editors.
    </>
  ),
  rules: [
    'Open to signed-in Vitrine shoppers aged 18 or over in the countries we serve.',
    'One entry per shopper: entering again changes nothing.',
    'Entries close at the closing time shown above; entries after it are not taken.',
    'The winner is drawn at random from all entries within seven days of the close and told by e-mail at the address on their account.',
    'The prize cannot be exchanged for cash. If the winner does not reply within 14 days, another entry is drawn.',
    <>
      We use your entry only to run this giveaway (see the <ShellLink to="/privacy-policy">privacy policy</ShellLink>). The giveaway cookie
      remembers on this browser that you entered, for at most {GIVEAWAY_COOKIE_MAX_DAYS} days.
    </>,
  ],
};
