// Copies a text to the clipboard: "Copied!" on the button for 2 s and a toast
// (docs/product.md#dashboard).
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { cx } from "~/components/ui/cx";
import { COPY_CONFIRM_MS } from "~/utils/constants";
import { TOASTS } from "./messages";
import { useHydrated } from "./useHydrated";

/** The Clipboard API where the page is a secure context, else the older copy command. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand("copy")) throw new Error("copy command refused");
  } finally {
    area.remove();
  }
}

const COPY_ICON_ID = "copy-button-icon";
const COPIED_ICON_ID = "copy-button-icon-done";
/** The dashboard cards' spinner, defined once by CopyButtonIcons (rendered above the card list). */
export const CARD_SPINNER_ID = "card-spinner-icon";

/** The copy buttons' two icons, defined once on a page that shows CopyButtons. */
export function CopyButtonIcons() {
  return (
    <svg className="absolute size-0 overflow-hidden" aria-hidden="true" focusable="false">
      <symbol id={COPY_ICON_ID} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        <rect x="9" y="9" width="12" height="12" rx="2" />
        <path d="M5 15V5a2 2 0 0 1 2-2h10" />
      </symbol>
      <symbol id={COPIED_ICON_ID} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        <path d="m5 12 5 5L20 7" />
      </symbol>
      {/* The cards' processing spinner (CardParts Spinner), drawn with <use> on every processing card (ADR 365). */}
      <symbol id={CARD_SPINNER_ID} viewBox="0 0 24 24" fill="none">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </symbol>
    </svg>
  );
}

export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function onClick() {
    try {
      await copyText(value);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
      toast.success(TOASTS.copied.title, { description: TOASTS.copied.description(label) });
    } catch {
      toast.error(TOASTS.copyFailed.title, { description: TOASTS.copyFailed.description });
    }
  }

  return (
    <button
      type="button"
      onClick={onClick}
      // Copying needs JavaScript; the text itself stays selectable on the card.
      disabled={!hydrated}
      // .copy-button (app/tailwind.css) and the icons by reference: up to 72 buttons on a page
      // (docs/decisions/239-page-speed-shell.md).
      className={cx("copy-button", copied && "border-emerald-300 bg-emerald-50 text-emerald-800", className)}
    >
      <svg className="size-3.5" aria-hidden="true">
        <use href={copied ? `#${COPIED_ICON_ID}` : `#${COPY_ICON_ID}`} />
      </svg>
      <span>{copied ? "Copied!" : `Copy ${label.toLowerCase()}`}</span>
    </button>
  );
}
