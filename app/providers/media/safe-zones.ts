// The platform-safe area of a frame: where text and logos stay readable, clear of the buttons,
// captions and progress bars that TikTok, Reels, Shorts and feed players draw over a video
// (docs/decisions/340-platform-safe-zones.md). Pure: used by the layouts, the caption placer,
// the tests and the bench's OCR check.
import type { AspectRatio, Size } from "./types";

export type Insets = { top: number; right: number; bottom: number; left: number };
export type Box = { left: number; top: number; width: number; height: number };
export type SafeArea = Box & { right: number; bottom: number };

/** Insets at the full size of each ratio (1080 px on the short side), scaled to the output size. */
export const SAFE_INSETS: Record<AspectRatio, { reference: Size; insets: Insets }> = {
  // TikTok / Reels / Shorts: account name and caption at the bottom, buttons down the right, tabs at the top.
  "9:16": { reference: { width: 1080, height: 1920 }, insets: { top: 250, right: 170, bottom: 420, left: 60 } },
  // Feed squares: the like/comment row and sound chip at the bottom, the mute button bottom right.
  "1:1": { reference: { width: 1080, height: 1080 }, insets: { top: 90, right: 120, bottom: 180, left: 60 } },
  // YouTube and feed landscape: title bar at the top, progress bar and controls at the bottom.
  "16:9": { reference: { width: 1920, height: 1080 }, insets: { top: 100, right: 100, bottom: 160, left: 100 } },
};

/** The ratio a frame size is nearest to. */
export function ratioOf(size: Size): AspectRatio {
  const r = size.width / size.height;
  if (r < 0.8) return "9:16";
  if (r > 1.25) return "16:9";
  return "1:1";
}

/** The safe area of a frame, in that frame's pixels (insets scaled by width and height separately). */
export function safeArea(size: Size): SafeArea {
  const { reference, insets } = SAFE_INSETS[ratioOf(size)];
  const sx = size.width / reference.width;
  const sy = size.height / reference.height;
  const left = Math.ceil(insets.left * sx);
  const top = Math.ceil(insets.top * sy);
  const right = Math.floor(size.width - insets.right * sx);
  const bottom = Math.floor(size.height - insets.bottom * sy);
  return { left, top, right, bottom, width: right - left, height: bottom - top };
}

/** Whether a box (e.g. an OCR word box or a drawn text block) lies inside the safe area, with `tolerance` px of slack. */
export function insideSafeArea(box: Box, size: Size, tolerance = 0): boolean {
  const a = safeArea(size);
  return (
    box.left >= a.left - tolerance &&
    box.top >= a.top - tolerance &&
    box.left + box.width <= a.right + tolerance &&
    box.top + box.height <= a.bottom + tolerance
  );
}

/** How far (px) a box reaches outside the safe area on each side; all zero when inside. */
export function safeAreaOverflow(box: Box, size: Size): Insets {
  const a = safeArea(size);
  return {
    top: Math.max(0, a.top - box.top),
    right: Math.max(0, box.left + box.width - a.right),
    bottom: Math.max(0, box.top + box.height - a.bottom),
    left: Math.max(0, a.left - box.left),
  };
}

/**
 * Where text sits vertically in the safe area: "upper" against its top edge, "middle" centred,
 * "lower" against its bottom edge (where captions sit by default, below the shots' own text).
 */
export type SafeBand = "upper" | "middle" | "lower";
export const SAFE_BANDS: readonly SafeBand[] = ["upper", "middle", "lower"];

/** The y (px) at which a block of `height` px is centred in a band, kept inside the safe area. */
export function bandCentreY(size: Size, band: SafeBand, height: number): number {
  const a = safeArea(size);
  if (height >= a.height) return Math.round((a.top + a.bottom) / 2);
  if (band === "upper") return Math.round(a.top + height / 2);
  if (band === "lower") return Math.round(a.bottom - height / 2);
  return Math.round((a.top + a.bottom) / 2);
}
