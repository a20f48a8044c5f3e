import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { useT } from './i18n';

// The loader overlay (spec section 2 "Other dialogs"): shown while a navigation or a
// tracked request takes longer than a moment, so quick ones do not flash it.
export const OVERLAY_DELAY_MS = 300;

type Track = <T>(work: Promise<T>) => Promise<T>;
const BusyContext = createContext<Track>((work) => work);

export function useBusy(): Track {
  return useContext(BusyContext);
}

export function BusyProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(0);
  const track = useCallback<Track>((work) => {
    setPending((n) => n + 1);
    return work.finally(() => setPending((n) => n - 1));
  }, []);
  const navigation = useNavigation();
  const busy = pending > 0 || navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  const value = useMemo(() => track, [track]);
  const t = useT();
  return (
    <BusyContext.Provider value={value}>
      {children}
      {visible && (
        <div className="loader-overlay" role="progressbar" aria-label={t('common.loading')} aria-busy="true">
          <span className="loader-spinner" />
        </div>
      )}
    </BusyContext.Provider>
  );
}
