import { useEffect, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import type { Look } from '../../../shared/api/look-schemas';
import { lookCollageUrl, lookPagePath } from '../../../shared/validation/look-rules';
import { useBusy } from '../../app/busy';
import { useSiteConfig } from '../../app/contexts';
import { useT } from '../../app/i18n';
import { useNotify } from '../../app/notices';
import { useSession } from '../../app/session';
import { deleteLook, renameLook } from '../../data/looks/look-calls';
import { accountPath } from '../../app/viewer';
import { ShellLink } from '../ui/ShellLink';
import { PublishLookDialog, type PublishRequest } from './PublishLookDialog';

// The owner's controls on a look's page (loaded on demand: only the owner sees them): rename
// (the Publish Look dialog in rename mode: the lookbook name rule), public or private, edit on
// the board, download the collage, delete (after the confirm prompt, back to My Lookbook).

export function LookOwnerTools({ look }: { look: Look }) {
  const session = useSession();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const notify = useNotify();
  const t = useT();
  const track = useBusy();
  const { basename, siteUrl } = useSiteConfig();
  const [dialog, setDialog] = useState<PublishRequest | null>(null);
  const [sending, setSending] = useState(false);
  // Effects run once the tools answer clicks (after hydration): the mark tests wait on.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const rename = () => setDialog({ mode: 'rename', setId: look.listId, title: look.listName, isPublic: look.isPublic === 1 });

  const privacy = async () => {
    setSending(true);
    try {
      await track(renameLook({ listId: look.listId, setName: look.listName, setPublic: look.isPublic ? 0 : 1 }));
      notify('success', t(look.isPublic ? 'looks.notice.madePrivate' : 'looks.notice.madePublic'));
      await revalidator.revalidate();
    } catch (error) {
      notify('error', error instanceof ApiError ? error.message : t('common.error.server'));
    } finally {
      setSending(false);
    }
  };

  const remove = async () => {
    if (!window.confirm(t('looks.notice.confirmDelete'))) return;
    setSending(true);
    try {
      await track(deleteLook(look.listId));
      notify('success', t('looks.notice.deleted'));
      await navigate(session.viewer ? accountPath(session.viewer.userName, 'lookbook') : '/');
    } catch (error) {
      notify('error', error instanceof ApiError ? error.message : t('common.error.server'));
      setSending(false);
    }
  };

  return (
    <div className="look-tools" role="group" aria-label={t('looks.board.label')} data-ready={ready}>
      <button type="button" className="button button-secondary" onClick={rename} disabled={sending}>
        {t('looks.tools.rename')}
      </button>
      <button type="button" className="button button-secondary" onClick={() => void privacy()} disabled={sending}>
        {t(look.isPublic ? 'looks.tools.makePrivate' : 'looks.tools.makePublic')}
      </button>
      <ShellLink className="button button-secondary" to={`/dress-me?edit=${look.listId}`}>
        {t('looks.tools.edit')}
      </ShellLink>
      <a className="button button-secondary" href={lookCollageUrl(look.listId, look.version, true)} download>
        {t('looks.tools.download')}
      </a>
      <button type="button" className="button button-secondary" onClick={() => void remove()} disabled={sending}>
        {t('looks.tools.delete')}
      </button>
      {look.isPublic === 1 && (
        <p className="look-share">
          <label>
            {t('looks.tools.shareLink')} <input type="text" readOnly value={`${siteUrl}${basename}${lookPagePath(look.slug, look.listId)}`} />
          </label>
        </p>
      )}
      {dialog && (
        <PublishLookDialog
          request={dialog}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            notify('success', t('looks.notice.renamed'));
            void navigate(lookPagePath(saved.slug, saved.listId), { replace: true });
          }}
        />
      )}
    </div>
  );
}

