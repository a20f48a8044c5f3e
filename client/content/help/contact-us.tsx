import type { Translate } from '../../../shared/i18n/translator';
import { T } from '../../app/i18n';
import { ShellLink } from '../../components/ui/ShellLink';
import { PARTNERS_EMAIL, PRESS_EMAIL, PRIVACY_EMAIL, REPLY_WORKING_DAYS, SUPPORT_EMAIL } from '../contact';
import { Address, Mail, mailto, type HelpPage } from './help-common';

// Contact Us in the page's language (issue 29): its words are the help catalogue's.
export const CONTACT_US = (t: Translate): HelpPage => ({
  title: t('shell.footer.help.contactUs'),
  heading: t('help.contact.heading'),
  description: t('help.contact.description', { email: SUPPORT_EMAIL, days: REPLY_WORKING_DAYS }),
  lead: t('help.contact.lead'),
  toc: false,
  sections: [
    {
      id: 'orders',
      title: t('help.contact.orders.title'),
      body: (
        <>
          <p>{t('help.contact.orders.text')}</p>
          <p>{t('help.contact.orders.escalate')}</p>
        </>
      ),
    },
    {
      id: 'email',
      title: t('help.contact.email.title'),
      body: (
        <>
          <p className="help-contact-line">
            <Mail to={SUPPORT_EMAIL} />
          </p>
          <p>{t('help.contact.email.text', { days: REPLY_WORKING_DAYS })}</p>
          <p>{t('help.contact.email.tips')}</p>
        </>
      ),
    },
    {
      id: 'privacy',
      title: t('help.contact.privacy.title'),
      body: (
        <p>
          <T
            id="help.contact.privacy.text"
            values={{ email: PRIVACY_EMAIL }}
            components={{ 0: mailto(PRIVACY_EMAIL), 1: <ShellLink to="/general-data-protection-notice" /> }}
          />
        </p>
      ),
    },
    {
      id: 'business',
      title: t('help.contact.business.title'),
      body: (
        <ul>
          <li>
            <T id="help.contact.business.partners" values={{ email: PARTNERS_EMAIL }} components={{ 0: mailto(PARTNERS_EMAIL) }} />
          </li>
          <li>
            <T id="help.contact.business.press" values={{ email: PRESS_EMAIL }} components={{ 0: mailto(PRESS_EMAIL) }} />
          </li>
        </ul>
      ),
    },
    {
      id: 'post',
      title: t('help.contact.post.title'),
      body: (
        <>
          <Address />
          <p className="help-muted">{t('help.contact.post.text')}</p>
        </>
      ),
    },
  ],
});
