// The create-video dialog (docs/product.md#create-video): a native <dialog> shown with showModal()
// where JavaScript runs, which gives a real modal (the page behind is inert, so focus stays inside;
// Escape closes it; it is labelled by its title). Without JavaScript the same element is rendered
// open in the page flow, so /create-video?new=1 shows the form inline.
import { useEffect, useRef } from "react";
import { Toaster } from "sonner";
import { formatCredits } from "~/components/shell/nav";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/Icon";
import { VIDEO_COST_CREDITS } from "~/models/billing/prices";
import { DIALOG_TOASTER_ID } from "~/models/stories/video-request-rules";
import { AppLink } from "~/components/ui/AppLink";

export function CreateVideoDialog({
  open,
  hydrated,
  credits,
  titleId,
  onClose,
  initialFocus,
  children,
}: {
  open: boolean;
  hydrated: boolean;
  credits: number | null;
  titleId: string;
  /** Escape, the close button or Cancel (JavaScript only). */
  onClose: () => void;
  /** What gets focus when the dialog opens (the script field). */
  initialFocus?: React.RefObject<HTMLElement | null>;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, hydrated, initialFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The native "close" also follows Escape; it only counts while the dialog is really closed.
    const onNativeClose = () => {
      if (!dialog.open) onClose();
    };
    dialog.addEventListener("close", onNativeClose);
    return () => dialog.removeEventListener("close", onNativeClose);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      // Server markup (no JavaScript yet): open in the page flow. Once hydrated, showModal().
      open={!hydrated && open ? true : undefined}
      aria-labelledby={titleId}
      aria-modal={hydrated ? true : undefined}
      data-testid="create-video-dialog"
      className={cx(
        "bg-white p-0 text-slate-900",
        hydrated
          ? "m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-2xl overflow-y-auto rounded-2xl shadow-2xl backdrop:bg-slate-900/60 backdrop:backdrop-blur-[1px]"
          : "static mx-0 mt-6 w-full max-w-none rounded-2xl border border-slate-200 shadow-sm",
      )}
    >
      <div className="border-b border-slate-200 px-5 pt-4 pb-4 sm:px-6">
        <div className="flex items-center justify-between gap-3">
          <AppLink to="/" className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900">
            <Icon name="arrow-right" className="size-4 rotate-180" />
            Back to Dashboard
          </AppLink>
          {hydrated ? (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="inline-flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <Icon name="close" className="size-5" />
            </button>
          ) : null}
        </div>
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <p className="font-medium text-slate-800">
            Available Credits: <span data-testid="dialog-credits">{credits === null ? "—" : formatCredits(credits)}</span>
          </p>
          <p className="text-slate-600">Cost: {VIDEO_COST_CREDITS} credits per video</p>
        </div>
        <h2 id={titleId} className="mt-3 text-xl font-semibold tracking-tight text-slate-900">
          Create Your Video
        </h2>
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
      {/* The page's toaster is under the modal's top layer; this one is inside it (one toast at a time). */}
      {hydrated ? <Toaster id={DIALOG_TOASTER_ID} position="top-center" visibleToasts={1} richColors closeButton /> : null}
    </dialog>
  );
}
