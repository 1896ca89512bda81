import { cx } from "~/components/ui/cx";

/** The Reelforge mark: a play triangle on a violet tile (decorative; the name is beside it). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-violet-700 text-white shadow-sm",
        className,
      )}
    >
      <svg viewBox="0 0 24 24" className="size-1/2" fill="currentColor">
        <path d="M8 5.5v13l10.5-6.5z" />
      </svg>
    </span>
  );
}
