import { Suspense, lazy, useState } from 'react';
import { EMAIL_MESSAGES } from '../../../shared/validation/email';
import { ShellLink } from '../ui/ShellLink';
import { EmailSignup } from './EmailSignup';
import { ShareButtons } from './ShareButtons';

// The mailing list dialog is fetched the first time the shopper asks for it (most visits never
// do), and drawn from then on; a closed dialog shows nothing, and without scripts the button
// could not open it either.
const MailingListDialog = lazy(() => import('./MailingListDialog').then((module) => ({ default: module.MailingListDialog })));

// The footer (spec section 2 "Global shell"): popular tag pages, sitemap links, help and
// legal pages, pages for sellers (outside the shop), social links, the newsletter and
// what Vitrine does.

export const POPULAR_TAGS: readonly [string, string][] = [
  ['Dresses', 'dresses'],
  ['Shirts & Blouses', 'shirts-blouses'],
  ['Skirts', 'skirts'],
  ['Jeans', 'jeans'],
  ['Coats', 'coats'],
  ["Men's Jeans", 'men-jeans'],
  ["Men's T-Shirts", 'men-t-shirt'],
  ["Men's Jackets", 'men-jackets'],
  ["Men's Coats & Blazers", 'men-coats-blazers'],
  ["Men's Sweatshirts & Hoodies", 'men-sweatshirts-hoodies'],
];

export const SITEMAP_LINKS: readonly [string, string][] = [
  ['Designers', 'sitemap/designers'],
  ['Stores', 'sitemap/stores'],
  ['Brands', 'sitemap/brands'],
  ['All Categories', 'sitemap/all-categories'],
  ['All Products', 'sitemap/all-products'],
];

export const HELP_LINKS: readonly [string, string][] = [
  ['About Us', 'about-us'],
  ['Contact Us', 'contact-us'],
  ['FAQs', 'faqs'],
  ['Terms & Conditions', 'terms-and-conditions'],
  ['Privacy Policy', 'privacy-policy'],
  ['Data Protection Notice', 'general-data-protection-notice'],
];

const SELLERS = 'https://sellers.vitrine.example';
export const SELLER_LINKS: readonly [string, string][] = [
  ['Sell With Us', `${SELLERS}/`],
  ['Seller Login', `${SELLERS}/login`],
  ['Vendor Shops', `${SELLERS}/stores`],
  ['Shipping Policy', `${SELLERS}/shipping-policy`],
  ['Returns Policy', `${SELLERS}/returns-policy`],
];

export const SOCIAL_LINKS: readonly [string, string][] = [
  ['Pinterest', 'https://www.pinterest.com/vitrine'],
  ['Facebook', 'https://www.facebook.com/vitrine'],
  ['Twitter', 'https://twitter.com/vitrine'],
  ['Tumblr', 'https://vitrine.tumblr.com'],
];

function LinkList({ title, links }: { title: string; links: readonly [string, string][] }) {
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
  return (
    <footer className="site-footer">
      <div className="footer-newsletter">
        <EmailSignup source="footer" label="Sign up for our newsletter" invalidMessage={EMAIL_MESSAGES.newsletter} />
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setAsked(true);
            setMailingList(true);
          }}
        >
          Join our mailing list
        </button>
      </div>
      <div className="footer-columns">
        <LinkList title="Popular" links={POPULAR_TAGS} />
        <LinkList title="Sitemap" links={SITEMAP_LINKS} />
        <LinkList title="Help" links={HELP_LINKS} />
        <LinkList title="For sellers" links={SELLER_LINKS} />
        <LinkList title="Follow us" links={SOCIAL_LINKS} />
      </div>
      <div className="footer-share">
        <ShareButtons title="Vitrine: discover, compare and shop fashion" />
      </div>
      <p className="footer-statement">
        Vitrine helps you discover, compare and shop fashion and beauty from hundreds of stores and thousands of brands in
        one place. When you choose a product, we take you to the retailer to buy it.
      </p>
      <p className="footer-legal">© Vitrine</p>
      {asked && (
        <Suspense fallback={null}>
          <MailingListDialog open={mailingList} onClose={() => setMailingList(false)} />
        </Suspense>
      )}
    </footer>
  );
}
