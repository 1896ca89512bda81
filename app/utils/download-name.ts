// Download links for finished videos (docs/decisions/200-download-file-names.md): the file is
// named after the video's title (a slug plus the extension) and served as an attachment by the
// file route when the link asks for it with ?download=<name>. Browser-safe.

/** The title as a file-name slug: lower case ASCII letters, digits and hyphens, at most 60 characters. */
export function titleSlug(title: string | null | undefined, fallback = "video"): string {
  const slug = (title ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || fallback;
}

/** What a download may be called: a slug with a short extension. */
export const DOWNLOAD_NAME = /^[a-z0-9][a-z0-9-]{0,79}\.[a-z0-9]{2,5}$/;

/** The extension of a file URL's path (default mp4). */
export function fileExtension(url: string): string {
  const path = url.split(/[?#]/)[0];
  const m = /\.([a-z0-9]{2,5})$/i.exec(path);
  return m ? m[1].toLowerCase() : "mp4";
}

/** The file name a video of this title downloads as, e.g. "crispjar-keeps-dressing-separate.mp4". */
export function downloadFileName(title: string | null | undefined, url: string, fallback = "video"): string {
  return `${titleSlug(title, fallback)}.${fileExtension(url)}`;
}

/** The file URL that downloads as `fileName` (Content-Disposition: attachment). */
export function downloadHref(url: string, fileName: string): string {
  const [base, hash] = url.split("#");
  void hash; // a media fragment means nothing to a download
  return `${base}${base.includes("?") ? "&" : "?"}download=${encodeURIComponent(fileName)}`;
}
