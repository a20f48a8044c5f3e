import { DEPARTMENTS, type Department } from '../../../shared/constants';
import { DEPARTMENT_LABELS } from '../../../shared/listing/vocabulary';
import { ShellLink } from '../ui/ShellLink';

/** All / Women / Men / Kids as links to the same page with ?department= (no JavaScript needed). */
export function DepartmentLinks({ path, current }: { path: string; current: Department | undefined }) {
  const options: { label: string; to: string; active: boolean }[] = [
    { label: 'All', to: path, active: current === undefined },
    ...DEPARTMENTS.map((d) => ({ label: DEPARTMENT_LABELS[d], to: `${path}?department=${d}`, active: current === d })),
  ];
  return (
    <nav className="directory-departments" aria-label="Department">
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
