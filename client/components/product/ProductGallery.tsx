import { useRef, type MouseEvent } from 'react';
import { resizeProductImage } from '../../../shared/images';
import { useT } from '../../app/i18n';
import { FALLBACK_IMAGE } from '../listing/product-card-rules';

// The product's pictures: a strip that scrolls and snaps one picture at a time (touch,
// trackpad, arrow keys once focused), and thumbnails that link to each picture. Without
// JavaScript the thumbnails are in-page links; with it they scroll the strip in place. Their
// names are the page's language's (issue 29); the title is the feed's.

type Props = { images: readonly string[]; title: string };

function useFallback() {
  return (event: { currentTarget: HTMLImageElement }) => {
    if (event.currentTarget.src !== FALLBACK_IMAGE) event.currentTarget.src = FALLBACK_IMAGE;
  };
}

export function ProductGallery({ images, title }: Props) {
  const track = useRef<HTMLUListElement>(null);
  const t = useT();
  const onError = useFallback();
  if (images.length === 0) {
    return (
      <div className="product-gallery">
        <img className="product-gallery-empty" src={FALLBACK_IMAGE} alt="" width={600} height={600} />
      </div>
    );
  }
  const show = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    const strip = track.current;
    const item = strip?.children[index] as HTMLElement | undefined;
    if (!strip || !item) return;
    event.preventDefault();
    strip.scrollTo({ left: item.offsetLeft - strip.offsetLeft, behavior: 'smooth' });
  };
  return (
    <div className="product-gallery">
      {/* The strip scrolls: it takes focus so arrow keys scroll it (axe: scrollable-region-focusable), and stays a list. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ul ref={track} className="product-gallery-track" tabIndex={0} aria-label={t('product.gallery.label', { title })}>
        {images.map((src, index) => (
          <li key={src} id={`product-picture-${index + 1}`}>
            <img
              src={src}
              alt={index === 0 ? title : t('product.gallery.view', { title, number: index + 1 })}
              width={600}
              height={600}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
              onError={onError}
            />
          </li>
        ))}
      </ul>
      {images.length > 1 && (
        <ul className="product-gallery-thumbs" aria-label={t('product.gallery.choose')}>
          {images.map((src, index) => (
            <li key={src}>
              <a href={`#product-picture-${index + 1}`} onClick={show(index)} aria-label={t('product.gallery.picture', { number: index + 1, count: images.length })}>
                <img src={resizeProductImage(src, '80')} alt="" width={64} height={64} loading="lazy" decoding="async" onError={onError} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
