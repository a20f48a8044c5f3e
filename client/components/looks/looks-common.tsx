import type { LookSummary } from '../../../shared/api/look-schemas';
import { LOOK_COLLAGE, lookPagePath } from '../../../shared/validation/look-rules';
import { useT } from '../../app/i18n';
import { ShellLink } from '../ui/ShellLink';


// What every looks page shares: the api paths and the looks as tiles. One module, and so one
// chunk with look-rules.ts, which every looks page reaches too: small modules shared by a few
// pages are folded into the chunk every account page loads (scripts/lib/js-budget.ts
// smallChunkPlan), and these would grow it for pages that show no looks.

/** The api paths the looks screens call (docs/api.md, "Look routes"). */
export { LOOK_API } from '../../../shared/api/look-paths';


// Looks as tiles (My Lookbook, a public profile): the collage, the title linking to the look's
// page, and, for the owner, whether it is public.

export function LookTiles({ looks, label, showPrivacy }: { looks: readonly LookSummary[]; label: string; showPrivacy: boolean }) {
  const t = useT();
  return (
    <ul className="look-tiles" aria-label={label}>
      {looks.map((look) => (
        <li key={look.listId} className="look-tile">
          <ShellLink to={lookPagePath(look.slug, look.listId)}>
            <img src={look.collage} alt="" width={LOOK_COLLAGE.width} height={LOOK_COLLAGE.height} loading="lazy" />
            <span className="look-tile-title">{look.listName}</span>
          </ShellLink>
          <p>{`${t('looks.pieces', { count: look.itemCount })}${showPrivacy ? ` · ${t(look.isPublic ? 'looks.public' : 'looks.private')}` : ''}`}</p>
        </li>
      ))}
    </ul>
  );
}
