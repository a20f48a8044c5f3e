import type { LookSummary } from '../../../shared/api/look-schemas';
import { LOOK_COLLAGE, lookPagePath } from '../../../shared/validation/look-rules';
import { ShellLink } from '../ui/ShellLink';

// Looks as tiles (My Lookbook, a public profile): the collage, the title linking to the look's
// page, and, for the owner, whether it is public.

export function LookTiles({ looks, label, showPrivacy }: { looks: readonly LookSummary[]; label: string; showPrivacy: boolean }) {
  return (
    <ul className="look-tiles" aria-label={label}>
      {looks.map((look) => (
        <li key={look.listId} className="look-tile">
          <ShellLink to={lookPagePath(look.slug, look.listId)}>
            <img src={look.collage} alt="" width={LOOK_COLLAGE.width} height={LOOK_COLLAGE.height} loading="lazy" />
            <span className="look-tile-title">{look.listName}</span>
          </ShellLink>
          <p>
            {look.itemCount} {look.itemCount === 1 ? 'piece' : 'pieces'}
            {showPrivacy && <> · {look.isPublic ? 'Public' : 'Private'}</>}
          </p>
        </li>
      ))}
    </ul>
  );
}
