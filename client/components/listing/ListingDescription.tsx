import { useId, useState } from 'react';
import { useT } from '../../app/i18n';

/** Spec section 9: the description is collapsible only when longer than 100 characters. */
export const DESCRIPTION_COLLAPSE_AT = 100;

export function ListingDescription({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const t = useT();
  if (!text) return null;
  if (text.length <= DESCRIPTION_COLLAPSE_AT) return <p className="listing-description">{text}</p>;
  return (
    <div className="listing-description-block">
      <p id={id} className={`listing-description${open ? '' : ' is-collapsed'}`}>
        {text}
      </p>
      <button type="button" className="link-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? t('listing.description.less') : t('listing.description.more')}
      </button>
    </div>
  );
}
