// A notice that third-party sign-in needs a full browser, shown for 5 seconds
// (docs/product.md#google).
// Without JavaScript it simply stays.
import { useEffect, useState } from "react";
import { SIGN_IN_NOTICE_MS } from "~/utils/constants";

export function InAppBrowserNotice() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), SIGN_IN_NOTICE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <p role="note" data-testid="in-app-browser-notice" className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
      Google sign-in needs a full browser. If this page opened inside an app (Instagram, Facebook, LinkedIn …), open it in Chrome or Safari first.
    </p>
  );
}
