import { cx } from "./cx";

/** A spinning ring. With a label it is announced as a status; without, it is decorative. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const ring = (
    <svg className={cx("size-4 animate-spin", className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {ring}
      <span>{label}</span>
    </span>
  );
}
