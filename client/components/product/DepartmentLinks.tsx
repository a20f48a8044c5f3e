import { DEPARTMENTS, type Department } from '../../../shared/constants';
import { DEPARTMENT_LABELS } from '../../../shared/listing/vocabulary';
import { useT } from '../../app/i18n';
import { departmentName } from '../../app/taxonomy-names';
import { ShellLink } from '../ui/ShellLink';

/** All / Women / Men / Kids as links to the same page with ?department= (no JavaScript needed), in the page's language (issue 29). */
export function DepartmentLinks({ path, current }: { path: string; current: Department | undefined }) {
  const t = useT();
  const options: { label: string; to: string; active: boolean }[] = [
    { label: t('product.directory.all'), to: path, active: current === undefined },
    ...DEPARTMENTS.map((d) => ({ label: departmentName(t, d, DEPARTMENT_LABELS[d]), to: `${path}?department=${d}`, active: current === d })),
  ];
  return (
    <nav className="directory-departments" aria-label={t('product.directory.department')}>
      <ul>
        {options.map((o) => (
          <li key={o.label}>
            <ShellLink to={o.to} aria-current={o.active ? 'page' : undefined}>
              {o.label}
            </ShellLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
