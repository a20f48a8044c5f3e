import { ShellLink } from '../../components/ui/ShellLink';
import { COMPANY_NAME, COMPANY_REGISTRATION, POSTAL_ADDRESS, SUPPORT_EMAIL } from '../contact';
import { Mail, UPDATED, type HelpPage } from './help-common';

export const TERMS: HelpPage = {
    title: 'Terms and Conditions',
  heading: 'Terms and conditions',
  description: 'The terms for using Vitrine: what we do, what retailers do, accounts, content you share, and our responsibilities to you.',
  lead: (
    <>
      These terms apply when you use any Vitrine country site. They are written to be read: if something is unclear,{' '}
      <ShellLink to="/contact-us">ask us</ShellLink>.
    </>
  ),
  updated: UPDATED,
  englishOnly: true,
  toc: true,
  sections: [
    {
      id: 'who-we-are',
      title: '1. Who we are',
      body: (
        <p>
          Vitrine is run by {COMPANY_NAME}, {COMPANY_REGISTRATION}, at {POSTAL_ADDRESS.streetAddress},{' '}
          {POSTAL_ADDRESS.addressLocality} {POSTAL_ADDRESS.postalCode}, {POSTAL_ADDRESS.countryName} (“Vitrine”, “we”,
          “us”). You can reach us at <Mail to={SUPPORT_EMAIL} />.
        </p>
      ),
    },
    {
      id: 'our-service',
      title: '2. What Vitrine does',
      body: (
        <>
          <p>
            Vitrine is a discovery service. We show products that retailers offer, so you can find and compare them, and
            we link to the retailer’s website so you can buy them there. We are not a party to any sale: your contract is
            with the retailer, and its terms, delivery and returns policies apply.
          </p>
          <p>
            Some retailers pay us a commission when a visit from Vitrine leads to a sale. This does not change the price
            you pay.
          </p>
        </>
      ),
    },
    {
      id: 'product-information',
      title: '3. Prices and product information',
      body: (
        <p>
          Product details, pictures, prices and stock come from the retailers and are shown in your country site’s
          currency. We update them regularly and take care to show them correctly, but retailers can change them at any
          time, so the information on the retailer’s website at the moment you buy is what applies. Delivery badges and
          discounts are the retailer’s offers, not ours.
        </p>
      ),
    },
    {
      id: 'accounts',
      title: '4. Your account',
      body: (
        <ul>
          <li>You must be at least 16 to open an account.</li>
          <li>Give a real e-mail address and keep your password to yourself; you are responsible for what is done with your account.</li>
          <li>Tell us straight away at <Mail to={SUPPORT_EMAIL} /> if you think someone else has used it.</li>
          <li>You can stop using Vitrine and ask us to delete your account at any time.</li>
        </ul>
      ),
    },
    {
      id: 'your-content',
      title: '5. What you share',
      body: (
        <>
          <p>
            Public wishlists, looks, your profile name and picture and your product ratings can be seen by others. You
            keep the rights to what you create; you give us permission to show it on Vitrine and in our own promotion of
            Vitrine for as long as it is public.
          </p>
          <p>
            Do not share anything that is unlawful, hateful, misleading, or that belongs to someone else. We may remove
            content that breaks these terms.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: '6. Using Vitrine fairly',
      body: (
        <p>
          Please do not copy our catalogue in bulk, scrape or overload the site, try to get into accounts or systems that
          are not yours, or use Vitrine to send spam. We may suspend accounts that do, and report unlawful use.
        </p>
      ),
    },
    {
      id: 'intellectual-property',
      title: '7. Our content',
      body: (
        <p>
          The Vitrine name, logo, design, editorial text and the way we organise products belong to us or to those who
          license them to us. Product images and brand names belong to the retailers and brands.
        </p>
      ),
    },
    {
      id: 'other-sites',
      title: '8. Links to other websites',
      body: (
        <p>
          Retailer websites, our blog and social networks are run by others under their own terms and privacy policies.
          We are not responsible for them, but if a retailer treats you badly, tell us.
        </p>
      ),
    },
    {
      id: 'liability',
      title: '9. Our responsibility to you',
      body: (
        <>
          <p>
            We provide Vitrine with reasonable care and skill. We are not responsible for products you buy from
            retailers, for their delivery or returns, or for losses we could not reasonably have foreseen. Nothing in
            these terms limits liability that cannot be limited by law, including for death or personal injury caused by
            negligence, or for fraud.
          </p>
          <p>If you live in a country whose consumer laws give you more protection, those rights are not affected.</p>
        </>
      ),
    },
    {
      id: 'changes',
      title: '10. Changes to these terms',
      body: (
        <p>
          We may update these terms when Vitrine changes or the law does. We show the date of the latest version at the
          top of this page, and tell account holders by e-mail about changes that matter before they take effect.
        </p>
      ),
    },
    {
      id: 'law',
      title: '11. Law and disputes',
      body: (
        <p>
          These terms are governed by the law of England and Wales. If you are a consumer living elsewhere, you may also
          bring a claim in the courts of the country where you live. Please contact us first: most problems are solved
          by a message.
        </p>
      ),
    },
  ],
};
