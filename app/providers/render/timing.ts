// The render's timing rules: frame rate, audio rate, the silence kept around a voice, the soft cut
// between scenes and the limits of a render; sceneDurationFor is also what clips are asked for.
export const AUDIO_RATE = 48_000;
export const DEFAULT_FPS = 30;
/**
 * Silence before the voice starts and after it ends, in seconds (the voice-over itself is trimmed
 * to its speech first): a scene change falls in a pause of about lead + tail, well under 0.3 s.
 * The last scene keeps a longer tail so the fade-out comes after the last word.
 */
export const VOICE_LEAD = 0.04;
export const VOICE_TAIL = 0.06;
export const LAST_TAIL = 0.6;
export const MAX_SCENES = 60;
export const MAX_SCENE_SECONDS = 120;
export const DEFAULT_MUSIC_VOLUME = 0.35;
/**
 * A soft cut into each scene after the first (docs/decisions/207-soft-cuts-inside-segments.md):
 * the previous scene's last frame, at DISSOLVE_START opacity, fades out over DISSOLVE_SECONDS.
 * Starting below full opacity keeps a visible cut (scene detection still sees the change).
 */
export const DISSOLVE_SECONDS = 0.25;
export const DISSOLVE_START = 0.35;

/**
 * How long a scene lasts for `voiceSec` seconds of speech (ask motion clips for this length: a
 * voice-over's own duration is an upper bound of its speech, so the clip is never too short).
 */
export function sceneDurationFor(voiceSec: number, fps = DEFAULT_FPS, last = true): number {
  return Math.ceil((VOICE_LEAD + voiceSec + (last ? LAST_TAIL : VOICE_TAIL)) * fps) / fps;
}
