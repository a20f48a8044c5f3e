import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../../../shared/countries';
import { GIVEAWAY_COOKIE_MAX_DAYS, GIVEAWAY_MESSAGES } from '../../../shared/giveaway';
import type { LanguageSegment } from '../../../shared/i18n/languages';
import { SiteConfigContext } from '../../../client/app/contexts';
import { ShellLinkProvider } from '../../../client/components/ui/ShellLink';
import { GiveawayPrize, GiveawayRules } from '../../../client/content/giveaway';
import { testTranslator, testSite, withI18n } from '../../support/i18n';

// The giveaway's words in the page's language (issue 29); what the api answers stays the
// English of the same catalogue.

function render(element: ReactElement, country: CountryCode, segment: LanguageSegment): string {
  const { site, locale } = testSite(country, segment);
  const router = createMemoryRouter([{ path: '*', element: <ShellLinkProvider>{element}</ShellLinkProvider> }], { initialEntries: ['/giveaway'] });
  return renderToString(<SiteConfigContext.Provider value={site}>{withI18n(<RouterProvider router={router} />, locale)}</SiteConfigContext.Provider>);
}

describe('the giveaway in every language', () => {
  it('keeps the English rules and prize, the privacy policy linked under the country', () => {
    const rules = render(<GiveawayRules />, 'GB', '');
    expect(rules).toContain(
      `<li>We use your entry only to run this giveaway (see the <a href="/privacy-policy">privacy policy</a>). The giveaway cookie remembers on this browser that you entered, for at most ${GIVEAWAY_COOKIE_MAX_DAYS} days.</li>`,
    );
    expect(render(<GiveawayPrize />, 'GB', '')).toContain('One winner receives a winter wardrobe worth <strong>£500</strong> (or the same value in their country&#x27;s currency)');
  });

  it('says them in French, Traditional Chinese and Tamil', () => {
    expect(render(<GiveawayRules />, 'CA', 'fr')).toContain(
      `(voir la <a href="/ca/fr/privacy-policy">politique de confidentialité</a>). Le témoin du concours retient sur ce navigateur que vous avez participé, pendant au plus ${GIVEAWAY_COOKIE_MAX_DAYS} jours.</li>`,
    );
    expect(render(<GiveawayPrize />, 'HK', 'zh')).toContain('一位得獎者將獲得價值 <strong>£500</strong>');
    expect(render(<GiveawayRules />, 'SG', 'ta')).toContain('<li>பரிசைப் பணமாக மாற்ற முடியாது.');
  });

  it('gives the api the English of the catalogue the page speaks from', () => {
    const english = testTranslator().t;
    expect({ entered: GIVEAWAY_MESSAGES.entered, alreadyEntered: GIVEAWAY_MESSAGES.alreadyEntered, closed: GIVEAWAY_MESSAGES.closed }).toEqual({
      entered: english('giveaway.message.entered'),
      alreadyEntered: english('giveaway.message.alreadyEntered'),
      closed: english('giveaway.message.closed'),
    });
    expect(testTranslator('zh-HK').t('giveaway.message.closed')).toBe('是次抽獎已截止，不再接受參加。');
  });
});
