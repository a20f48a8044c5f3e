import { useLocation } from 'react-router';
import { useSiteConfig } from '../../app/contexts';
import { useT } from '../../app/i18n';

// Share buttons (spec section 2 "Global shell"): facebook, twitter, tumblr, pinterest.
// Google's share service closed in 2019, so it is left out. Plain links to each
// service's share page, opened in a new window; nothing is loaded from them.
export function ShareButtons({ title, image }: { title: string; image?: string | undefined }) {
  const { siteUrl, basename } = useSiteConfig();
  const location = useLocation();
  const translate = useT();
  const url = `${siteUrl}${basename}${location.pathname === '/' && basename ? '' : location.pathname}`;
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const services = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'Tumblr', href: `https://www.tumblr.com/widgets/share/tool?canonicalUrl=${u}&title=${t}` },
    {
      name: 'Pinterest',
      href: `https://www.pinterest.com/pin/create/button/?url=${u}&description=${t}${image ? `&media=${encodeURIComponent(`${siteUrl}${image}`)}` : ''}`,
    },
  ];
  return (
    <ul className="share-buttons" aria-label={translate('shell.share.label')}>
      {services.map((service) => (
        <li key={service.name}>
          <a href={service.href} target="_blank" rel="noopener noreferrer" className={`share-${service.name.toLowerCase()}`}>
            {translate('shell.share.on', { service: service.name })}
          </a>
        </li>
      ))}
    </ul>
  );
}
