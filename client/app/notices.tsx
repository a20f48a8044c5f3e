import { ApiError } from '../../shared/api/api-client';
import type { Translate } from '../../shared/i18n/translator';
import { RETRY_MESSAGE } from '../../shared/messages';
import { useT } from './i18n';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

// The notification banner (spec section 2 "Other dialogs", 4 "Shell", 8): a success or
// error notice, its type shown capitalised, closable, gone after 1 second.
export const NOTICE_HIDE_MS = 1000;

/**
 * The sentence a person is shown for a failed call: the api's own message (in the page's
 * language, issue 29), else the general one in the page's language.
 * Here, in the shell, rather than with the sign-in forms: the account and wishlist pages that
 * only need this would otherwise load the forms' rules too.
 */
export function failureText(error: unknown, t?: Translate): string {
  if (error instanceof ApiError) return error.message;
  // Callers not yet given the page's translator say it in English (issue 29: each part passes its `t`).
  return t ? t('common.error.retry') : RETRY_MESSAGE;
}

export type NoticeType = 'success' | 'error';
type Notice = { id: number; type: NoticeType; message: string };
type Notify = (type: NoticeType, message: string) => void;

const NotifyContext = createContext<Notify>(() => undefined);

export function useNotify(): Notify {
  return useContext(NotifyContext);
}

export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const next = useRef(0);
  const notify = useCallback<Notify>((type, message) => setNotice({ id: ++next.current, type, message }), []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
    </NotifyContext.Provider>
  );
}

function NoticeBanner({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const t = useT();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(onClose, NOTICE_HIDE_MS);
    return () => clearTimeout(timer);
  }, [notice, onClose]);
  return (
    <div className="notice-region" role="status" aria-live="polite">
      {notice && (
        <div className={`notice notice-${notice.type}`} data-testid="notice">
          <strong className="notice-type">{notice.type === 'success' ? t('shell.notice.success') : t('shell.notice.error')}</strong> <span>{notice.message}</span>
          <button type="button" className="notice-close" aria-label={t('shell.notice.close')} onClick={onClose}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
