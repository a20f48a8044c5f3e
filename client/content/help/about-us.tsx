import type { Translate } from '../../../shared/i18n/translator';
import { T } from '../../app/i18n';
import { ShellLink } from '../../components/ui/ShellLink';
import { PARTNERS_EMAIL } from '../contact';
import { CountryList, mailto, type HelpPage } from './help-common';

// About Us in the page's language (issue 29): its words are the help catalogue's.
export const ABOUT_US = (t: Translate): HelpPage => ({
  title: t('shell.footer.help.aboutUs'),
  heading: t('help.about.heading'),
  description: t('help.about.description'),
  lead: t('help.about.lead'),
  toc: false,
  sections: [
    {
      id: 'what-vitrine-is',
      title: t('help.about.what.title'),
      body: (
        <>
          <p>{t('help.about.what.text')}</p>
          <p>{t('help.about.what.countries')}</p>
          <CountryList />
        </>
      ),
    },
    {
      id: 'we-do-not-sell',
      title: t('help.about.notShop.title'),
      body: (
        <p>
          <T id="help.about.notShop.text" components={{ 0: <strong /> }} />
        </p>
      ),
    },
    {
      id: 'how-click-through-works',
      title: t('help.about.click.title'),
      body: (
        <>
          <ol className="help-steps">
            <li>
              <T id="help.about.click.choose" components={{ 0: <strong /> }} />
            </li>
            <li>
              <T id="help.about.click.referral" components={{ 0: <strong /> }} />
            </li>
            <li>
              <T id="help.about.click.commission" components={{ 0: <strong /> }} />
            </li>
          </ol>
          <p>{t('help.about.click.prices')}</p>
        </>
      ),
    },
    {
      id: 'what-you-see',
      title: t('help.about.ranking.title'),
      body: <p>{t('help.about.ranking.text')}</p>,
    },
    {
      id: 'with-an-account',
      title: t('help.about.account.title'),
      body: (
        <ul>
          <li>{t('help.about.account.wishlists')}</li>
          <li>{t('help.about.account.looks')}</li>
          <li>{t('help.about.account.alerts')}</li>
          <li>{t('help.about.account.follows')}</li>
        </ul>
      ),
    },
    {
      id: 'for-retailers',
      title: t('help.about.retailers.title'),
      body: (
        <p>
          <T
            id="help.about.retailers.text"
            values={{ email: PARTNERS_EMAIL }}
            components={{ 0: <ShellLink to="https://sellers.vitrine.example/" />, 1: mailto(PARTNERS_EMAIL) }}
          />
        </p>
      ),
    },
  ],
});
