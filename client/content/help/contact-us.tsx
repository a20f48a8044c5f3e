import { ShellLink } from '../../components/ui/ShellLink';
import { PARTNERS_EMAIL, PRESS_EMAIL, PRIVACY_EMAIL, REPLY_WORKING_DAYS, SUPPORT_EMAIL } from '../contact';
import { Address, Mail, type HelpPage } from './help-common';

export const CONTACT_US: HelpPage = {
    title: 'Contact Us',
  heading: 'Contact us',
  description: `How to reach Vitrine: e-mail ${SUPPORT_EMAIL}, we reply within ${REPLY_WORKING_DAYS} working days. Questions about an order go to the retailer.`,
  lead: <>We are a small team and we read every message. Here is who can help you fastest.</>,
  toc: false,
  sections: [
    {
      id: 'orders',
      title: 'Questions about an order',
      body: (
        <>
          <p>
            Vitrine does not sell the products you find here, so we cannot see, change or refund an order. The retailer
            you bought from can: you will find its contact details in your order confirmation and on its website.
          </p>
          <p>
            If a retailer does not answer you within a reasonable time, tell us which store and what happened. We will
            raise it with them, and we stop listing stores that do not look after our shoppers.
          </p>
        </>
      ),
    },
    {
      id: 'email',
      title: 'E-mail us',
      body: (
        <>
          <p className="help-contact-line">
            <Mail to={SUPPORT_EMAIL} />
          </p>
          <p>
            For anything about Vitrine itself: your account, alerts, wishlists, a page that does not look right, a price
            that does not match the retailer’s. We reply within {REPLY_WORKING_DAYS} working days, Monday to Friday,
            9:00 to 17:30 UK time, except UK public holidays. Most messages are answered the same day.
          </p>
          <p>
            It helps if you tell us which country site you use and, for a problem with a page, its address or a
            screenshot. Please never send us a password.
          </p>
        </>
      ),
    },
    {
      id: 'privacy',
      title: 'Your data and privacy',
      body: (
        <p>
          To see, correct or delete what we hold about you, or to object to how we use it, write to{' '}
          <Mail to={PRIVACY_EMAIL} />. We answer within one month. The{' '}
          <ShellLink to="/general-data-protection-notice">data protection notice</ShellLink> explains your rights.
        </p>
      ),
    },
    {
      id: 'business',
      title: 'Retailers, brands and press',
      body: (
        <ul>
          <li>
            Listing your store or brand, product feeds and partnerships: <Mail to={PARTNERS_EMAIL} />
          </li>
          <li>
            Press and media: <Mail to={PRESS_EMAIL} />
          </li>
        </ul>
      ),
    },
    {
      id: 'post',
      title: 'By post',
      body: (
        <>
          <Address />
          <p className="help-muted">
            Post takes longer to reach us than e-mail; we reply to letters within ten working days of receiving them.
          </p>
        </>
      ),
    },
  ],
};
