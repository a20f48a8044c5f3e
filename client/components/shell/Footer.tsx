import { Fragment, Suspense, lazy, useState } from 'react';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { useT, withCatalog } from '../../app/i18n';
import { ShellLink } from '../ui/ShellLink';
import { EmailSignup } from './EmailSignup';
import { ShareButtons } from './ShareButtons';
import { SOCIAL_LINKS } from './social-links';

// The mailing list dialog is fetched the first time the shopper asks for it (most visits never
// do), and drawn from then on; a closed dialog shows nothing, and without scripts the button
// could not open it either.
const MailingListDialog = lazy(() => withCatalog(import('./MailingListDialog')).then((module) => ({ default: module.MailingListDialog })));

// The footer (spec section 2 "Global shell"): popular tag pages, sitemap links, help and
// legal pages, pages for sellers (outside the shop), social links, the newsletter and
// what Vitrine does. Labels are messages of the page's language (issue 29); the social
// networks' names are theirs. Below every page's fold, it is a part drawn when the shopper
// comes near it (Shell.tsx, DeferredPart): its code and its words are not in any page's first
// load. What it draws goes inside the <footer> DeferredPart keeps.

type FooterLink = readonly [label: MessageId, to: string];

const POPULAR_TAGS: readonly FooterLink[] = [
  ['shell.footer.popular.dresses', 'dresses'],
  ['shell.footer.popular.shirtsBlouses', 'shirts-blouses'],
  ['shell.footer.popular.skirts', 'skirts'],
  ['shell.footer.popular.jeans', 'jeans'],
  ['shell.footer.popular.coats', 'coats'],
  ['shell.footer.popular.menJeans', 'men-jeans'],
  ['shell.footer.popular.menTShirts', 'men-t-shirt'],
  ['shell.footer.popular.menJackets', 'men-jackets'],
  ['shell.footer.popular.menCoatsBlazers', 'men-coats-blazers'],
  ['shell.footer.popular.menSweatshirtsHoodies', 'men-sweatshirts-hoodies'],
];

const SITEMAP_LINKS: readonly FooterLink[] = [
  ['shell.footer.sitemap.designers', 'sitemap/designers'],
  ['shell.footer.sitemap.stores', 'sitemap/stores'],
  ['shell.footer.sitemap.brands', 'sitemap/brands'],
  ['shell.footer.sitemap.categories', 'sitemap/all-categories'],
  ['shell.footer.sitemap.products', 'sitemap/all-products'],
];

const HELP_LINKS: readonly FooterLink[] = [
  ['shell.footer.help.aboutUs', 'about-us'],
  ['shell.footer.help.contactUs', 'contact-us'],
  ['shell.footer.help.faqs', 'faqs'],
  ['shell.footer.help.terms', 'terms-and-conditions'],
  ['shell.footer.help.privacy', 'privacy-policy'],
  ['shell.footer.help.dataProtection', 'general-data-protection-notice'],
];

const SELLERS = 'https://sellers.vitrine.example';
const SELLER_LINKS: readonly FooterLink[] = [
  ['shell.footer.sellers.sell', `${SELLERS}/`],
  ['shell.footer.sellers.login', `${SELLERS}/login`],
  ['shell.footer.sellers.shops', `${SELLERS}/stores`],
  ['shell.footer.sellers.shipping', `${SELLERS}/shipping-policy`],
  ['shell.footer.sellers.returns', `${SELLERS}/returns-policy`],
];

function LinkList({ title, links }: { title: string; links: readonly (readonly [label: string, to: string])[] }) {
  return (
    <section className="footer-column" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {links.map(([label, to]) => (
          <li key={to}>
            <ShellLink to={to}>{label}</ShellLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Footer() {
  const [mailingList, setMailingList] = useState(false);
  const [asked, setAsked] = useState(false);
  const t = useT();
  const said = (links: readonly FooterLink[]) => links.map(([label, to]) => [t(label), to] as const);
  return (
    <Fragment>
      <div className="footer-newsletter">
        <EmailSignup source="footer" label={t('shell.footer.newsletter')} invalidMessage={t('shell.signup.invalid')} />
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setAsked(true);
            setMailingList(true);
          }}
        >
          {t('shell.mailingList.title')}
        </button>
      </div>
      <div className="footer-columns">
        <LinkList title={t('shell.footer.popular')} links={said(POPULAR_TAGS)} />
        <LinkList title={t('shell.footer.sitemap')} links={said(SITEMAP_LINKS)} />
        <LinkList title={t('shell.footer.help')} links={said(HELP_LINKS)} />
        <LinkList title={t('shell.footer.sellers')} links={said(SELLER_LINKS)} />
        <LinkList title={t('shell.footer.follow')} links={SOCIAL_LINKS} />
      </div>
      <div className="footer-share">
        <ShareButtons title={t('shell.footer.shareTitle')} />
      </div>
      <p className="footer-statement">{t('shell.footer.statement')}</p>
      <p className="footer-legal">© Vitrine</p>
      {asked && (
        <Suspense fallback={null}>
          <MailingListDialog open={mailingList} onClose={() => setMailingList(false)} />
        </Suspense>
      )}
    </Fragment>
  );
}
