import { SESSION_DAYS } from '../../../shared/constants';
import { COUNTRY_CODES } from '../../../shared/countries';
import type { Translate } from '../../../shared/i18n/translator';
import { T, useLocale, useT } from '../../app/i18n';
import { countryName } from '../../components/ui/country-names';
import { ShellLink } from '../../components/ui/ShellLink';
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '../contact';
import { Question, mailto, type HelpPage } from './help-common';

/** The eight country sites as the page's language lists them ("UK, USA … and Singapore"). */
function Countries() {
  const t = useT();
  const names = COUNTRY_CODES.map((code) => countryName(t, code));
  return <>{t('help.faq.whichCountries.a', { countries: new Intl.ListFormat(useLocale(), { type: 'conjunction' }).format(names) })}</>;
}

// The FAQs in the page's language (issue 29): their words are the help catalogue's.
export const FAQS = (t: Translate): HelpPage => ({
  title: t('shell.footer.help.faqs'),
  heading: t('help.faq.heading'),
  description: t('help.faq.description'),
  lead: <T id="help.faq.lead" components={{ 0: <ShellLink to="/contact-us" /> }} />,
  toc: true,
  sections: [
    {
      id: 'shopping',
      title: t('help.faq.shopping'),
      body: (
        <>
          <Question q={t('help.faq.buyHere.q')}>
            <p>
              <T id="help.faq.buyHere.a" components={{ 0: <strong /> }} />
            </p>
          </Question>
          <Question q={t('help.faq.cost.q')}>
            <p>{t('help.faq.cost.a')}</p>
          </Question>
          <Question q={t('help.faq.browseStore.q')}>
            <p>{t('help.faq.browseStore.a')}</p>
          </Question>
          <Question q={t('help.faq.order.q')}>
            <p>
              <T id="help.faq.order.a" components={{ 0: <ShellLink to="/contact-us" /> }} />
            </p>
          </Question>
        </>
      ),
    },
    {
      id: 'prices',
      title: t('help.faq.prices'),
      body: (
        <>
          <Question q={t('help.faq.priceDiffers.q')}>
            <p>
              <T id="help.faq.priceDiffers.a" values={{ email: SUPPORT_EMAIL }} components={{ 0: mailto(SUPPORT_EMAIL) }} />
            </p>
          </Question>
          <Question q={t('help.faq.currency.q')}>
            <p>{t('help.faq.currency.a')}</p>
          </Question>
          <Question q={t('help.faq.freeDelivery.q')}>
            <p>{t('help.faq.freeDelivery.a')}</p>
          </Question>
          <Question q={t('help.faq.returns.q')}>
            <p>{t('help.faq.returns.a')}</p>
          </Question>
        </>
      ),
    },
    {
      id: 'account',
      title: t('help.faq.account'),
      body: (
        <>
          <Question q={t('help.faq.needAccount.q')}>
            <p>{t('help.faq.needAccount.a')}</p>
          </Question>
          <Question q={t('help.faq.password.q')}>
            <p>
              <T id="help.faq.password.a" components={{ 0: <strong />, 1: <strong /> }} />
            </p>
          </Question>
          <Question q={t('help.faq.session.q')}>
            <p>{t('help.faq.session.a', { days: SESSION_DAYS })}</p>
          </Question>
          <Question q={t('help.faq.delete.q')}>
            <p>
              <T id="help.faq.delete.a" values={{ email: PRIVACY_EMAIL }} components={{ 0: mailto(PRIVACY_EMAIL) }} />
            </p>
          </Question>
        </>
      ),
    },
    {
      id: 'lists-and-alerts',
      title: t('help.faq.lists'),
      body: (
        <>
          <Question q={t('help.faq.publicLists.q')}>
            <p>{t('help.faq.publicLists.a')}</p>
          </Question>
          <Question q={t('help.faq.saleAlert.q')}>
            <p>{t('help.faq.saleAlert.a')}</p>
          </Question>
          <Question q={t('help.faq.backInStock.q')}>
            <p>
              <T id="help.faq.backInStock.a" components={{ 0: <strong /> }} />
            </p>
          </Question>
          <Question q={t('help.faq.alertMail.q')}>
            <p>{t('help.faq.alertMail.a')}</p>
          </Question>
          <Question q={t('help.faq.look.q')}>
            <p>
              <T id="help.faq.look.a" components={{ 0: <strong /> }} />
            </p>
          </Question>
        </>
      ),
    },
    {
      id: 'countries',
      title: t('help.faq.countries'),
      body: (
        <>
          <Question q={t('help.faq.whichCountries.q')}>
            <p>
              <Countries />
            </p>
          </Question>
          <Question q={t('help.faq.switchCountry.q')}>
            <p>{t('help.faq.switchCountry.a')}</p>
          </Question>
        </>
      ),
    },
    {
      id: 'privacy',
      title: t('help.faq.privacy'),
      body: (
        <>
          <Question q={t('help.faq.cookies.q')}>
            <p>
              <T id="help.faq.cookies.a" components={{ 0: <ShellLink to="/privacy-policy#cookies" /> }} />
            </p>
          </Question>
          <Question q={t('help.faq.shareEmail.q')}>
            <p>{t('help.faq.shareEmail.a')}</p>
          </Question>
          <Question q={t('help.faq.unsubscribe.q')}>
            <p>{t('help.faq.unsubscribe.a')}</p>
          </Question>
        </>
      ),
    },
  ],
});
