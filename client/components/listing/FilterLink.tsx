import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import type { ListingState } from '../../../shared/listing/listing-state';

/**
 * One filter choice: a real link to the listing with that choice (works without JavaScript;
 * nofollow, since combinations are endless), which with JavaScript hands the new state to
 * `apply` (navigate, or change the mobile panel's draft).
 */
export function FilterLink({
  next,
  href,
  apply,
  selected,
  className,
  label,
  mark,
  style,
  children,
}: {
  next: ListingState;
  href: (s: ListingState) => string;
  apply: (s: ListingState) => void;
  selected: boolean;
  className?: string;
  label?: string;
  /** The box or circle drawn before the words (by CSS: no element of its own). */
  mark?: 'check' | 'radio';
  style?: CSSProperties;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    apply(next);
  };
  return (
    <a
      href={href(next)}
      rel="nofollow"
      onClick={onClick}
      className={`filter-option${mark ? ` has-${mark}` : ''}${selected ? ' is-selected' : ''}${className ? ` ${className}` : ''}`}
      style={style}
      aria-label={label}
      aria-current={selected ? 'true' : undefined}
    >
      {children}
    </a>
  );
}
