// "Download" on a finished video: a plain link (works without JavaScript) that the file route
// answers as an attachment named after the video's title (docs/decisions/200-download-file-names.md).
import { cx } from "~/components/ui/cx";
import { downloadFileName, downloadHref } from "~/utils/download-name";

export function DownloadVideoLink({ url, title, fallbackName, className }: { url: string; title: string | null; fallbackName: string; className?: string }) {
  const fileName = downloadFileName(title, url, fallbackName);
  return (
    <a
      href={downloadHref(url, fileName)}
      download={fileName}
      aria-label={`Download ${fileName}`}
      // .download-link (app/tailwind.css); the focus ring is the page's :focus-visible rule.
      className={cx("download-link", className)}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-3.5"
        aria-hidden="true"
      >
        <path d="M12 4v12M7 11l5 5 5-5M4 20h16" />
      </svg>
      Download
    </a>
  );
}
