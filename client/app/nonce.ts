import { createContext, useContext } from 'react';

// The CSP nonce of this response, for inline scripts React renders (JSON-LD). Only the
// server knows it; browsers hide nonce attributes after load, so in the browser it is ''.
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
