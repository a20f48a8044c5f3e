import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../../../shared/countries';
import type { LanguageSegment } from '../../../shared/i18n/languages';
import { SiteConfigContext } from '../../../client/app/contexts';
import { ShellLinkProvider } from '../../../client/components/ui/ShellLink';
import { Component as ContactUs } from '../../../client/routes/help-contact-us.route';
import { Component as AboutUs } from '../../../client/routes/help-about-us.route';
import { Component as Faqs } from '../../../client/routes/help-faqs.route';
import { Component as Privacy } from '../../../client/routes/help-privacy-policy.route';
import { testSite, withI18n } from '../../support/i18n';

// The help pages in the page's language (issue 29): Contact Us is translated; the legal pages
// stay English, say so in the page's language and are marked lang="en".

function render(Page: ComponentType | null | undefined, country: CountryCode, segment: LanguageSegment, path: string, loaderData?: unknown): string {
  const { site, locale } = testSite(country, segment);
  if (!Page) throw new Error('the route has no component');
  const router = createMemoryRouter([{ id: 'page', path: '*', loader: () => loaderData ?? null, element: <ShellLinkProvider><Page /></ShellLinkProvider> }], {
    initialEntries: [path],
    hydrationData: { loaderData: { page: loaderData ?? null } },
  });
  return renderToString(<SiteConfigContext.Provider value={site}>{withI18n(<RouterProvider router={router} />, locale)}</SiteConfigContext.Provider>);
}

const heading = (html: string) => /<h1 id="help-heading">([^<]+)<\/h1>/.exec(html)?.[1];

describe('Contact Us in every language', () => {
  it('keeps the English page', () => {
    const html = render(ContactUs, 'GB', '', '/contact-us');
    expect(heading(html)).toBe('Contact us');
    expect(html).toContain('<title>Contact Us | Vitrine</title>');
    expect(html).toContain('content="How to reach Vitrine: e-mail support@vitrine.example, we reply within 2 working days. Questions about an order go to the retailer."');
    expect(html).toContain(
      'To see, correct or delete what we hold about you, or to object to how we use it, write to <a href="mailto:privacy@vitrine.example">privacy@vitrine.example</a>. We answer within one month. The <a href="/general-data-protection-notice">data protection notice</a> explains your rights.',
    );
    expect(html).toContain('aria-label="Help pages"');
  });

  it('speaks French, Traditional Chinese and Tamil', () => {
    const fr = render(ContactUs, 'CA', 'fr', '/contact-us');
    expect(heading(fr)).toBe('Nous joindre');
    expect(fr).toContain('nous répondons en 2 jours ouvrables.');
    expect(fr).toContain('L&#x27;<a href="/ca/fr/general-data-protection-notice">avis sur la protection des données</a> explique vos droits.');
    expect(fr).toContain('aria-label="Pages d&#x27;aide"');
    const zh = render(ContactUs, 'HK', 'zh', '/contact-us');
    expect(heading(zh)).toBe('聯絡我們');
    expect(zh).toContain('<h2 id="orders-heading">有關訂單的查詢</h2>');
    expect(heading(render(ContactUs, 'SG', 'ta', '/contact-us'))).toBe('எங்களைத் தொடர்புகொள்ளுங்கள்');
  });
});

describe('About Us in every language', () => {
  // The page reads the editors' tips from its loader; none here.
  const about = (country: CountryCode, segment: LanguageSegment) => render(AboutUs, country, segment, '/about-us', { tips: null });

  it('keeps the English page, the countries and currencies named as before', () => {
    const html = about('GB', '');
    expect(heading(html)).toBe('About Vitrine');
    expect(html).toContain('Vitrine is not a shop. We hold no stock, take no payment and ship no parcels. When you find something you like, the <strong>Buy at</strong> button');
    expect(html).toContain('<a href="/choose-country/ca?to=%2F" rel="nofollow">Canada</a> <span class="help-muted">Canadian Dollar<!-- -->, <!-- -->C$</span>');
  });

  it('speaks French, Traditional Chinese and Tamil', () => {
    const fr = about('CA', 'fr');
    expect(heading(fr)).toBe('À propos de Vitrine');
    expect(fr).toContain('<a href="/choose-country/us?to=%2F" rel="nofollow">États-Unis</a> <span class="help-muted">dollars américains<!-- -->, <!-- -->$</span>');
    expect(fr).toContain('<li><strong>Vous choisissez un produit.</strong> Nous ouvrons la page');
    expect(about('HK', 'zh')).toContain('<h2 id="what-you-see-heading">我們如何決定您看到的內容</h2>');
    expect(heading(about('SG', 'ta'))).toBe('Vitrine பற்றி');
  });
});

describe('the FAQs in every language', () => {
  const question = (html: string, id: string) => new RegExp(`<section id="${id}"[^>]*><h2[^>]*>([^<]+)</h2><details class="faq"><summary>([^<]+)</summary><div class="faq-answer"><p>(.*?)</p>`).exec(html)?.slice(1);

  it('keeps the English questions, the countries listed as before', () => {
    const html = render(Faqs, 'GB', '', '/faqs');
    expect(heading(html)).toBe('Frequently asked questions');
    expect(question(html, 'countries')).toEqual([
      'Country sites',
      'Which countries does Vitrine serve?',
      'Eight: UK, USA, India, UAE, Canada, Australia, Hong Kong and Singapore. Each site lists the stores that deliver to that country, with prices in its currency.',
    ]);
    expect(question(html, 'shopping')?.[2]).toBe(
      'No. Vitrine helps you find and compare products; you buy them on the retailer’s website. Choosing <strong>Buy at</strong> on a product opens the retailer’s page for it in a new tab.',
    );
  });

  it('asks and answers in French, Traditional Chinese and Tamil, the countries listed in each', () => {
    expect(question(render(Faqs, 'CA', 'fr', '/faqs'), 'countries')).toEqual([
      'Sites par pays',
      'Quels pays Vitrine dessert-il?',
      'Huit : Royaume-Uni, États-Unis, Inde, Émirats arabes unis, Canada, Australie, Hong Kong et Singapour. Chaque site présente les boutiques qui livrent dans ce pays, avec des prix dans sa devise.',
    ]);
    const zh = render(Faqs, 'HK', 'zh', '/faqs');
    expect(heading(zh)).toBe('常見問題');
    expect(question(zh, 'account')?.slice(0, 2)).toEqual(['您的帳戶', '我需要帳戶嗎？']);
    expect(zh).toContain('<h2 id="help-toc-heading" lang="zh-HK">本頁內容</h2>');
    expect(question(render(Faqs, 'SG', 'ta', '/faqs'), 'privacy')?.[1]).toBe('Vitrine எந்தக் குக்கீகளைப் பயன்படுத்துகிறது?');
  });
});

describe('the legal pages', () => {
  it('stay English on a page in another language, and say so in that language', () => {
    const fr = render(Privacy, 'CA', 'fr', '/privacy-policy');
    expect(fr).toContain('<article class="help-article" aria-labelledby="help-heading" lang="en"><p class="help-language-note" lang="fr-CA">Cette page n&#x27;est offerte qu&#x27;en anglais.</p>');
    expect(render(Privacy, 'SG', 'ta', '/privacy-policy')).toContain('<p class="help-language-note" lang="ta-SG">இந்தப் பக்கம் ஆங்கிலத்தில் மட்டுமே கிடைக்கிறது.</p>');
    const english = render(Privacy, 'CA', '', '/privacy-policy');
    expect(english).not.toContain('help-language-note');
    expect(english).toContain('<article class="help-article" aria-labelledby="help-heading">');
  });
});
