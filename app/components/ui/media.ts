/**
 * A video URL that makes the browser show a frame instead of a black box before playback
 * (a media fragment: the player starts 0.1 s in, which no viewer notices).
 */
export function previewSrc(url: string): string {
  return url.includes("#") ? url : `${url}#t=0.1`;
}
