import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and the first browser render (so hydration matches), true after.
 * Forms keep Submit enabled until then: without JavaScript the server checks them instead.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
