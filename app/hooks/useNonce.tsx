// The Content-Security-Policy nonce of the page being rendered (ADR 122). entry.server.tsx
// provides it from the load context; in the browser it is "" (browsers hide nonce values
// from the DOM, and scripts added after hydration are not inline).
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
