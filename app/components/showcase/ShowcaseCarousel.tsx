// "See What Others Have Created" (docs/product.md#showcase): a horizontal strip of showcase videos
// with left/right buttons that scroll 320 px (disabled at the ends), scroll snapping, and a click
// (or Enter/Space) on a video to play or pause it. Nothing at all when there are no videos.
// Rendered on the server with the page, so there is no separate loading state (ADR 084).
import { useCallback, useEffect, useRef, useState } from "react";
import { cx } from "~/components/ui/cx";
import { useHydrated } from "~/components/dashboard/useHydrated";
import type { ShowcaseItem } from "~/models/stories/showcase";

export const SHOWCASE_TITLE = "See What Others Have Created";
export const SCROLL_STEP_PX = 320;

function ShowcaseVideo({ video, interactive }: { video: ShowcaseItem; interactive: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const common = {
    ref,
    src: video.videoUrl,
    poster: video.thumbnailUrl ?? undefined,
    preload: "metadata" as const,
    playsInline: true,
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onEnded: () => setPlaying(false),
    className: "aspect-[9/16] w-full bg-black object-cover",
  };
  if (!interactive) return <video {...common} controls aria-label={video.title} />;
  return (
    <button
      type="button"
      aria-label={`${playing ? "Pause" : "Play"} ${video.title}`}
      aria-pressed={playing}
      onClick={() => {
        const el = ref.current;
        if (!el) return;
        if (el.paused) void el.play().catch(() => setPlaying(false));
        else el.pause();
      }}
      className="group relative block w-full overflow-hidden rounded-xl"
    >
      <video {...common} />
      <span
        aria-hidden="true"
        className={cx(
          "absolute inset-0 flex items-center justify-center bg-black/20 transition-opacity",
          playing ? "opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100" : "opacity-100",
        )}
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg">
          {playing ? (
            <svg viewBox="0 0 24 24" className="size-6" fill="currentColor">
              <rect x="6" y="5" width="4" height="14" rx="1" />
              <rect x="14" y="5" width="4" height="14" rx="1" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" className="ml-1 size-6" fill="currentColor">
              <path d="M7 4v16l13-8z" />
            </svg>
          )}
        </span>
      </span>
    </button>
  );
}

export function ShowcaseCarousel({ videos }: { videos: ShowcaseItem[] }) {
  const hydrated = useHydrated();
  const scroller = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [measure, videos.length]);

  if (videos.length === 0) return null;

  const scrollBy = (direction: -1 | 1) => scroller.current?.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: "smooth" });
  const arrow =
    "flex size-9 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";

  return (
    <section aria-labelledby="showcase-title" className="w-full">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="showcase-title" className="text-xl font-semibold tracking-tight text-slate-900">
          {SHOWCASE_TITLE}
        </h2>
        <div className="flex gap-2">
          <button type="button" className={arrow} onClick={() => scrollBy(-1)} disabled={!hydrated || edges.start} aria-controls="showcase-strip">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="size-5" aria-hidden="true">
              <path d="m15 6-6 6 6 6" />
            </svg>
            <span className="sr-only">Scroll left</span>
          </button>
          <button type="button" className={arrow} onClick={() => scrollBy(1)} disabled={!hydrated || edges.end} aria-controls="showcase-strip">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="size-5" aria-hidden="true">
              <path d="m9 6 6 6-6 6" />
            </svg>
            <span className="sr-only">Scroll right</span>
          </button>
        </div>
      </div>
      <ul
        id="showcase-strip"
        ref={scroller}
        // Focusable so keyboard users can scroll the strip with the arrow keys (a scrollable
        // region must be reachable by keyboard).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label="Showcase videos"
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-3 [scrollbar-width:thin]"
      >
        {videos.map((video) => (
          <li key={video.id} className="w-[304px] shrink-0 snap-start">
            <ShowcaseVideo video={video} interactive={hydrated} />
            <p className="mt-2 truncate text-sm font-medium text-slate-900">{video.title}</p>
            {video.description ? <p className="line-clamp-2 text-xs text-slate-600">{video.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
