// A finished video on a card: its poster frame when the render made one
// (docs/decisions/198-poster-frame.md), else the frame 0.1 s in (previewSrc) stands in for it.
import { previewSrc } from "./media";

/** The cards' tall frame (Dashboard and Explore). */
export const CARD_VIDEO_CLASS = "aspect-[4/5] w-full bg-black object-contain";

export function CardVideo({
  url,
  posterUrl,
  label,
  className = CARD_VIDEO_CLASS,
}: {
  url: string;
  posterUrl?: string | null;
  label: string;
  className?: string;
}) {
  return (
    <video
      src={posterUrl ? url : previewSrc(url)}
      poster={posterUrl ?? undefined}
      controls
      playsInline
      preload="metadata"
      className={className}
      aria-label={label}
    />
  );
}
