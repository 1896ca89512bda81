import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Spinner } from "~/components/ui/Spinner";

/** "Loading..." while a navigation waits for the server (shown after 150 ms, so fast ones don't flash). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state === "loading";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(t);
  }, [busy]);

  return (
    <div aria-live="polite" className="pointer-events-none fixed right-3 top-3 z-[60]">
      {visible ? (
        <span className="inline-flex items-center gap-2 rounded-full bg-slate-900/90 px-3 py-1.5 text-xs font-medium text-white shadow-lg">
          <Spinner className="size-3.5" />
          Loading...
        </span>
      ) : null}
    </div>
  );
}
