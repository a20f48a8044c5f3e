import { useT } from '../../app/i18n';
import { ShellLink } from './ShellLink';

/** The last page of a paged answer (at least 1, so an empty list is "page 1 of 1"). */
export function lastPageOf({ totalCount, perPage }: { totalCount: number; perPage: number }): number {
  return Math.max(1, Math.ceil(totalCount / perPage));
}

type Props = {
  /** The page's own class (its stylesheet places it). */
  className: string;
  page: number;
  lastPage: number;
  /** The address of another page of the same list. */
  href: (page: number) => string;
};

/** Previous, "Page n of m", Next under a paged list; nothing when it fits on one page. */
export function Pager({ className, page, lastPage, href }: Props) {
  const t = useT();
  if (lastPage <= 1) return null;
  return (
    <nav className={className} aria-label={t('common.pager.label')}>
      {page > 1 && <ShellLink to={href(page - 1)}>{t('common.pager.previous')}</ShellLink>}
      <span>{t('common.pager.page', { page, lastPage })}</span>
      {page < lastPage && <ShellLink to={href(page + 1)}>{t('common.pager.next')}</ShellLink>}
    </nav>
  );
}
