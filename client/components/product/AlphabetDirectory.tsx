import { useT } from '../../app/i18n';
import { ShellLink } from '../ui/ShellLink';

// An A–Z directory (brands, stores, designers): a row of letters that jump to their
// groups, then each letter's names as links. Plain links and in-page anchors, so it reads
// and works the same without JavaScript and with a keyboard. `label` comes in the page's
// language (issue 29); the letters are the names' own.

export type DirectoryEntry = { name: string; to: string; letter: string; note?: string };

const LETTERS = ['#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

export function groupByLetter(entries: readonly DirectoryEntry[]): [string, DirectoryEntry[]][] {
  const groups = new Map<string, DirectoryEntry[]>();
  for (const entry of entries) {
    const letter = LETTERS.includes(entry.letter) ? entry.letter : '#';
    const group = groups.get(letter) ?? [];
    group.push(entry);
    groups.set(letter, group);
  }
  return LETTERS.filter((l) => groups.has(l)).map((l) => [l, groups.get(l)!]);
}

const anchor = (idPrefix: string, letter: string) => `${idPrefix}-${letter === '#' ? 'other' : letter.toLowerCase()}`;

export function AlphabetDirectory({ entries, label, idPrefix }: { entries: readonly DirectoryEntry[]; label: string; idPrefix: string }) {
  const t = useT();
  const groups = groupByLetter(entries);
  const present = new Set(groups.map(([l]) => l));
  return (
    <div className="az-directory">
      <nav className="az-letters" aria-label={t('product.directory.byLetter', { label })}>
        <ul>
          {LETTERS.map((letter) => (
            <li key={letter}>
              {present.has(letter) ? (
                <a href={`#${anchor(idPrefix, letter)}`}>{letter === '#' ? '0–9' : letter}</a>
              ) : (
                <span aria-hidden="true">{letter === '#' ? '0–9' : letter}</span>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {groups.map(([letter, group]) => (
        <section key={letter} className="az-group" aria-labelledby={anchor(idPrefix, letter)}>
          <h2 id={anchor(idPrefix, letter)} tabIndex={-1}>
            {letter === '#' ? '0–9' : letter}
          </h2>
          <ul className="az-list">
            {group.map((entry) => (
              <li key={entry.to}>
                <ShellLink to={entry.to}>{entry.name}</ShellLink>
                {entry.note && <span className="az-note"> {entry.note}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
