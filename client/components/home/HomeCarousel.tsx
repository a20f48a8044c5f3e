import { useCallback, useEffect, useId, useState, useSyncExternalStore, type FocusEvent, type KeyboardEvent } from 'react';
import type { Slide } from '../../../shared/api/home-schemas';
import { editorialLang } from '../../../shared/i18n/languages';
import { useLocale, useT } from '../../app/i18n';
import { ShellLink } from '../ui/ShellLink';
import { imageSize } from './image-size';

/** Spec section 9: "Carousel auto-interval 15000 ms". */
export const CAROUSEL_INTERVAL_MS = 15_000;

const SLIDE_SIZE = { width: 1200, height: 420 };

// The home carousel (spec section 2 "Home page": prev and next, wraps around). Without
// JavaScript it is a horizontal scroll-snap strip of ordinary links; once hydrated it shows
// one slide at a time, advances every 15 s, and follows the WAI-ARIA carousel pattern:
// rotation pauses while the pointer is over it or keyboard focus is inside it, never starts
// for people who ask for reduced motion, can be stopped with a button, and slide changes
// are announced only when they were not automatic (aria-live off while rotating).

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** Slides to show: the ones with a link (spec section 2: "Sliders without links are dropped"). */
export function linkedSlides(slides: readonly Slide[]): (Slide & { link: string })[] {
  return slides.filter((slide): slide is Slide & { link: string } => Boolean(slide.link));
}

type Props = { slides: readonly (Slide & { link: string })[]; label: string };

export function HomeCarousel({ slides, label }: Props) {
  const t = useT();
  const lang = editorialLang(useLocale());
  const count = slides.length;
  const trackId = useId();
  const [index, setIndex] = useState(0);
  const [enhanced, setEnhanced] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  /** The visitor's own choice with the play/pause button; until then reduced motion decides. */
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => setEnhanced(true), []);

  const playing = enhanced && count > 1 && (playChoice ?? !reducedMotion);
  // The controls are drawn once the page has hydrated, before the whole catalogue has come: their
  // words are said on the server too, so they travel in the page's messages (a control drawn
  // with a word missing from them showed the message's id until the catalogue came).
  const controls = {
    previous: t('home.carousel.previous'),
    next: t('home.carousel.next'),
    play: t('home.carousel.play'),
    pause: t('home.carousel.pause'),
    slideshow: t('home.carousel.slideshow'),
    dots: slides.map((slide, i) => t('home.carousel.dot', { n: i + 1, title: slide.linkTitle })),
  };
  const rotating = playing && !hovered && !keyboardFocus;

  // One timer per shown slide: a manual move, or the end of a pause, starts a full interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  const show = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  if (count === 0) return null;

  // A mouse click focuses the button it hits; only keyboard focus (focus-visible) holds the
  // rotation, or clicking Next would stop the carousel for as long as the button kept focus.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.matches(':focus-visible')) setKeyboardFocus(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardFocus(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      className={`carousel${enhanced ? ' is-enhanced' : ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
      data-rotating={rotating ? 'true' : 'false'}
    >
      <div className="carousel-viewport" aria-live={rotating ? 'off' : 'polite'} id={trackId}>
        <div className="carousel-track" style={enhanced && index > 0 ? { transform: `translateX(-${index * 100}%)` } : undefined}>
          {slides.map((slide, i) => {
            const hidden = enhanced && i !== index;
            const size = imageSize(slide.image, SLIDE_SIZE);
            return (
              <div
                key={`${i}-${slide.link}`}
                className="carousel-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={t('home.carousel.position', { n: i + 1, count })}
                aria-hidden={hidden || undefined}
                inert={hidden || undefined}
              >
                <ShellLink to={slide.link} className="carousel-link">
                  <img
                    src={slide.image}
                    alt=""
                    width={size.width}
                    height={size.height}
                    // Only the first slide is above the fold on load; React preloads eager images.
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : undefined}
                  />
                  <span className="carousel-caption">
                    <span className="carousel-title" lang={lang}>
                      {slide.linkTitle}
                    </span>
                    <span className="carousel-cta" aria-hidden="true">
                      {t('home.carousel.shopNow')}
                    </span>
                  </span>
                </ShellLink>
              </div>
            );
          })}
        </div>
      </div>
      {enhanced && count > 1 && (
        <div className="carousel-controls">
          <button type="button" className="carousel-arrow carousel-prev" aria-controls={trackId} aria-label={controls.previous} onClick={() => show(index - 1)} onKeyDown={onKeyDown}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="carousel-arrow carousel-next" aria-controls={trackId} aria-label={controls.next} onClick={() => show(index + 1)} onKeyDown={onKeyDown}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <div className="carousel-dots">
            {slides.map((slide, i) => (
              <button
                key={`${i}-${slide.link}`}
                type="button"
                className="carousel-dot"
                aria-controls={trackId}
                aria-label={controls.dots[i]}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => show(i)}
                onKeyDown={onKeyDown}
              />
            ))}
          </div>
          <button type="button" className="carousel-play" onClick={() => setPlayChoice(!playing)} onKeyDown={onKeyDown}>
            <span aria-hidden="true" className={playing ? 'icon-pause' : 'icon-play'} />
            {playing ? controls.pause : controls.play}
            <span className="visually-hidden">{controls.slideshow}</span>
          </button>
        </div>
      )}
    </section>
  );
}
