import { useT } from '../../app/i18n';
import { scrollToTop, useScrolledPast } from '../../app/use-scroll';

/** Spec section 9: back-to-top scrolls over 500 ms. Shown once the page has scrolled a way. */
export const BACK_TO_TOP_MS = 500;
const SHOW_AFTER_PX = 600;

export function BackToTop() {
  const show = useScrolledPast(SHOW_AFTER_PX);
  const t = useT();
  return (
    <button
      type="button"
      className={`back-to-top${show ? ' is-visible' : ''}`}
      aria-hidden={!show}
      tabIndex={show ? 0 : -1}
      onClick={() => scrollToTop(BACK_TO_TOP_MS)}
    >
      <span aria-hidden="true">↑</span> {t('shell.backToTop')}
    </button>
  );
}
