// The storyboard drawn (docs/decisions/355-storyboard-and-eta.md): one still per beat, the beat's
// framing of the scene's picture (the uploaded photo, a frame of the clip, or the made shot once it
// exists) cropped in the browser as the renderer will crop it, with the beat's caption words, and
// each scene's voice-over line. No picture is made for it: it is there as soon as the plan is.
import type { StoryboardView } from "~/models/stories/storyboard";
import { previewSrc } from "~/components/ui/media";

type Scene = StoryboardView["scenes"][number];
type Beat = Scene["beats"][number];

const RATIO_CLASS: Record<string, string> = { "9:16": "aspect-[9/16]", "1:1": "aspect-square", "16:9": "aspect-video" };

const seconds = (n: number) => `${(Math.round(n * 10) / 10).toFixed(1)} s`;

function Still({ scene, beat, index, small, ratio }: { scene: Scene; beat: Beat; index: number; small: boolean; ratio: string }) {
  const style = { transform: `scale(${beat.zoom})` };
  const label = `Scene ${scene.order}, beat ${index + 1}: ${beat.framing} shot, ${seconds(beat.durationSec)}`;
  return (
    <figure className={`flex shrink-0 flex-col gap-1 ${small ? "w-16" : "w-24 sm:w-28"}`}>
      <div className={`relative overflow-hidden rounded-md bg-slate-800 ${ratio}`} data-framing={beat.framing}>
        {scene.pictureUrl && scene.pictureSource === "clip" ? (
          <video src={previewSrc(scene.pictureUrl)} muted playsInline preload="metadata" className="size-full object-cover" style={style} aria-label={label} />
        ) : scene.pictureUrl ? (
          <img src={scene.pictureUrl} alt={label} loading="lazy" decoding="async" className="size-full object-cover" style={style} />
        ) : (
          <div
            role="img"
            aria-label={label}
            className="flex size-full items-center justify-center bg-gradient-to-br from-brand-700 to-slate-900 p-1 text-center"
          >
            <span className="line-clamp-4 text-[10px] leading-tight font-semibold break-words text-white" style={style}>
              {scene.title || beat.caption}
            </span>
          </div>
        )}
        {beat.caption && !small ? (
          <span className="absolute inset-x-0 bottom-0 bg-black/60 px-1 py-0.5 text-[10px] leading-tight break-words text-white">{beat.caption}</span>
        ) : null}
      </div>
      <figcaption className="text-[10px] text-slate-500">
        {beat.framing} · {seconds(beat.durationSec)}
        {small && beat.caption ? <span className="sr-only">: {beat.caption}</span> : null}
      </figcaption>
    </figure>
  );
}

/** The whole storyboard: scenes in order, each its voice-over line and its beats' stills (scrolls sideways on a phone). */
export function StoryboardStills({ storyboard, compact = false, headingId }: { storyboard: StoryboardView; compact?: boolean; headingId?: string }) {
  const ratioClass = RATIO_CLASS[storyboard.aspectRatio] ?? "aspect-[9/16]";
  const beats = storyboard.scenes.reduce((n, s) => n + s.beats.length, 0);
  return (
    // A page's storyboard is a region under its heading; a card's is part of the card (no landmark per card).
    <div role={headingId ? "region" : undefined} aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="storyboard">
      <p className="text-xs text-slate-600">
        {storyboard.scenes.length} scenes · {beats} shots · {seconds(storyboard.totalSec)}
      </p>
      <ol
        // Scrolls sideways when it does not fit: focusable, so a keyboard can scroll it too (a
        // scrollable region must be reachable by keyboard; as the showcase strip).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label="Scenes"
        className={`flex gap-3 overflow-x-auto pb-2 ${compact ? "" : "sm:flex-wrap"}`}
      >
        {storyboard.scenes.map((scene) => (
          <li key={scene.order} className="flex shrink-0 flex-col gap-1 rounded-lg border border-slate-200 p-2" aria-label={`Scene ${scene.order}`}>
            <ol className="flex gap-1.5">
              {scene.beats.map((beat, i) => (
                <li key={i}>
                  <Still scene={scene} beat={beat} index={i} small={compact} ratio={ratioClass} />
                </li>
              ))}
            </ol>
            <p className={`${compact ? "w-full max-w-48 line-clamp-2" : "max-w-72"} text-xs break-words text-slate-700`}>
              <span className="font-medium">Voice:</span> {scene.voiceOver || "—"}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
