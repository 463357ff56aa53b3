import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided during server rendering (empty in the browser). */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
