import type { ReactNode } from 'react';
import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { apiContext, siteContext } from '../../app/contexts';
import { useLocale, useT } from '../../app/i18n';
import { useCountry } from '../../app/site-hooks';
import { PageMeta } from '../meta/PageMeta';
import { RouteErrorView } from '../shell/RouteErrorView';
import { ShellLink } from '../ui/ShellLink';
import type { Translate } from '../../../shared/i18n/translator';
import type { HelpPage } from '../../content/help/help-common';
import { HELP_NAV_LABELS } from '../../content/help/help-nav';
import { HELP_SLUGS, type HelpSlug } from '../../routes';
import { FASHION_TIPS_PATH } from '../../../shared/api/fashion-tips-paths';

// The six help pages (spec section 2 route table): each is a route module of its own
// (client/routes/help-{slug}.route.tsx) with its own text (client/content/help/), drawn by
// this frame: the help navigation, the article and its contents. About Us also shows the
// editors' fashion tips, fetched like any home content (spec section 8: failures silently
// ignored).

async function aboutLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const { country } = context.get(siteContext);
  const tips = await api.get(FASHION_TIPS_PATH, 'FashionTips', { country }).catch(() => null);
  return { tips };
}

function HelpNav({ current }: { current: HelpSlug }) {
  const t = useT();
  return (
    <nav className="help-nav" aria-label={t('help.nav.label')}>
      <p className="help-nav-title" aria-hidden="true">
        {t('shell.footer.help')}
      </p>
      <ul>
        {HELP_SLUGS.map((slug) => (
          <li key={slug}>
            <ShellLink to={`/${slug}`} aria-current={slug === current ? 'page' : undefined}>
              {t(HELP_NAV_LABELS[slug])}
            </ShellLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TableOfContents({ page }: { page: HelpPage }) {
  const t = useT();
  return (
    <nav className="help-toc" aria-labelledby="help-toc-heading">
      <h2 id="help-toc-heading" lang={useLocale()}>
        {t('help.toc')}
      </h2>
      <ol>
        {page.sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A page's text: written in the page's language (a function of its messages), or English only. */
type HelpText = HelpPage | ((t: Translate) => HelpPage);

function HelpArticle({ slug, page: text, children }: { slug: HelpSlug; page: HelpText; children?: ReactNode }) {
  const t = useT();
  const page = typeof text === 'function' ? text(t) : text;
  // An English-only page on a site in another language: said in that language, marked English.
  const { language, locale } = useCountry();
  const english = page.englishOnly === true && language.segment !== '';
  return (
    <div className="help-layout">
      <PageMeta title={page.title} description={page.description} path={`/${slug}`} type="article" />
      <HelpNav current={slug} />
      <article className="help-article" aria-labelledby="help-heading" lang={english ? 'en' : undefined}>
        {english && (
          <p className="help-language-note" lang={locale}>
            {t('help.englishOnly')}
          </p>
        )}
        <header className="help-header">
          <h1 id="help-heading">{page.heading}</h1>
          <p className="help-lead">{page.lead}</p>
          {page.updated && <p className="help-updated">Last updated {page.updated}</p>}
        </header>
        {page.toc && <TableOfContents page={page} />}
        {page.sections.map((section) => (
          <section key={section.id} id={section.id} className="help-section" aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`}>{section.title}</h2>
            {section.body}
          </section>
        ))}
        {children}
      </article>
    </div>
  );
}

function aboutUs(page: HelpText) {
  return function AboutUs() {
  const { tips } = useLoaderData<typeof aboutLoader>();
  const t = useT();
  return (
    <HelpArticle slug="about-us" page={page}>
      {tips && tips.length > 0 && (
        <section className="help-section help-tips" aria-labelledby="tips-heading">
          <h2 id="tips-heading">{t('help.tips.title')}</h2>
          <ul>
            {tips.map((tip, i) => (
              <li key={`${i}-${tip.title}`}>
                <strong>{tip.title}</strong> {tip.body}{' '}
                {tip.link && (
                  <ShellLink to={tip.link}>
                    {t('home.tips.shop')}<span className="visually-hidden">: {tip.title}</span>
                  </ShellLink>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </HelpArticle>
  );
  };
}

/** One help page's route: its loader (About Us only), component and error view. */
export function helpRoute(slug: HelpSlug, page: HelpText): Pick<RouteObject, 'loader' | 'Component' | 'ErrorBoundary'> {
  if (slug === 'about-us') return { loader: aboutLoader, Component: aboutUs(page), ErrorBoundary: RouteErrorView };
  return { Component: () => <HelpArticle slug={slug} page={page} />, ErrorBoundary: RouteErrorView };
}
