// A dialog whose open state is the address (a route or a search parameter), so it works without
// JavaScript and survives a reload: the server renders it open in the page flow; once hydrated
// it is a native modal <dialog> (focus kept inside, Escape closes it), and closing navigates to
// `closeTo`. Used by the custom-order screens (docs/decisions/183-order-screens-without-javascript.md).
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "~/components/create-video/useHydrated";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/Icon";

export function RouteDialog({
  title,
  closeTo,
  children,
  wide = false,
  testId,
}: {
  title: string;
  closeTo: string;
  children: React.ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = `dialog-${title.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}`;

  // What had focus when the dialog opened (the link that opened it): focus goes back to it when
  // the dialog leaves the page, as a native dialog's close() would do had it stayed mounted.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(
    () => () => {
      const element = opener.current;
      if (element?.isConnected) element.focus();
    },
    [],
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated) return;
    if (!dialog.open) {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body && !dialog.contains(active)) opener.current = active;
      dialog.showModal();
    }
    // Escape: leave through the address like the close button, not by closing the element.
    const onCancel = (event: Event) => {
      event.preventDefault();
      navigate(closeTo, { preventScrollReset: true });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
    };
  }, [hydrated, closeTo, navigate]);

  return (
    <dialog
      ref={ref}
      open={!hydrated ? true : undefined}
      aria-labelledby={titleId}
      data-testid={testId}
      className={cx(
        "bg-white p-0 text-slate-900",
        hydrated
          ? cx(
              "m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] overflow-y-auto rounded-2xl shadow-2xl backdrop:bg-slate-900/60",
              wide ? "max-w-4xl" : "max-w-xl",
            )
          : "static mx-0 mt-6 w-full max-w-none rounded-2xl border border-slate-200 shadow-sm",
      )}
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link
          to={closeTo}
          preventScrollReset
          aria-label="Close"
          className="inline-flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <Icon name="close" className="size-5" />
        </Link>
      </div>
      <div className="px-4 py-4 sm:px-6">{children}</div>
    </dialog>
  );
}
