import { useEffect, useState } from "react";

let hydrating = true;

/**
 * False on the server and during hydration, true once React runs in the browser: the parts
 * that need JavaScript (modal dialog, switch button, uploads with progress) render only then,
 * and the server markup stays a plain form that works without it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    setHydrated(true);
  }, []);
  return hydrated;
}
