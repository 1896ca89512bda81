// Live events in the browser: one EventSource per tab on /resources/live (opened by the signed-in
// shell), shared by every component through context. Pages use useLiveRevalidate to reload
// their loader data when an event concerns them; the data itself always comes from loaders.
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import { isLiveEventType, LIVE_EVENT_TYPES, type LiveEvent, type LiveEventType } from "~/utils/live-events";

export type { LiveEvent, LiveEventType } from "~/utils/live-events";

type Listener = (event: LiveEvent) => void;
type LiveHub = { subscribe: (listener: Listener) => () => void };

const LiveContext = createContext<LiveHub | null>(null);

export const LIVE_URL = "/resources/live";

/** Opens the live connection for its subtree (render it only for signed-in users). */
export function LiveEventsProvider({ children, url = LIVE_URL }: { children: React.ReactNode; url?: string }) {
  const listeners = useRef(new Set<Listener>());
  const hub = useMemo<LiveHub>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [],
  );

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const root = document.documentElement;
    const source = new EventSource(url);
    let hadError = false;
    const dispatch = (event: LiveEvent) => {
      for (const listener of [...listeners.current]) listener(event);
    };
    const onMessage = (message: MessageEvent<string>) => {
      try {
        const event = JSON.parse(message.data) as LiveEvent;
        if (isLiveEventType(event?.type)) dispatch(event);
      } catch {
        // not ours
      }
    };
    const onReady = () => {
      root.dataset.live = "open";
      // Back after a break: anything may have changed meanwhile.
      if (hadError) dispatch({ type: "resync" });
      hadError = false;
    };
    const onError = () => {
      hadError = true;
      root.dataset.live = source.readyState === EventSource.CLOSED ? "closed" : "reconnecting";
    };
    for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, onMessage as EventListener);
    source.addEventListener("ready", onReady);
    source.addEventListener("error", onError);
    root.dataset.live = "connecting";
    return () => {
      source.close();
      delete root.dataset.live;
    };
  }, [url]);

  return createElement(LiveContext.Provider, { value: hub }, children);
}

/** Calls `handler` for live events of the given types (no-op outside the provider). */
export function useLiveEvents(types: readonly LiveEventType[], handler: (event: LiveEvent) => void): void {
  const hub = useContext(LiveContext);
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const key = types.join(",");
  useEffect(() => {
    if (!hub) return;
    const wanted = new Set(key.split(","));
    return hub.subscribe((event) => {
      if (wanted.has(event.type) || event.type === "resync") handlerRef.current(event);
    });
  }, [hub, key]);
}

/**
 * Reloads the page's loader data when one of these events arrives (bursts are coalesced).
 * `filter` may skip events that do not concern what is on screen.
 */
export function useLiveRevalidate(types: readonly LiveEventType[], filter?: (event: LiveEvent) => boolean, delayMs = 250): void {
  const { revalidate } = useRevalidator();
  // A revalidation started while a navigation or a form submission is under way takes precedence
  // over it (the router drops the form's redirect): an event that arrives meanwhile reloads once
  // they have finished.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const navigating = useRef(false);
  const deferred = useRef(false);
  navigating.current = busy;
  useEffect(() => {
    if (!busy && deferred.current) {
      deferred.current = false;
      revalidate();
    }
  }, [busy, revalidate]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type !== "resync" && filterRef.current && !filterRef.current(event)) return;
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        if (navigating.current) deferred.current = true;
        else revalidate();
      }, delayMs);
    },
    [revalidate, delayMs],
  );
  useLiveEvents(types, onEvent);
}
