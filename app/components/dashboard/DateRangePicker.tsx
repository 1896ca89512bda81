// "Pick a date range": a button that opens a two-month range calendar (react-day-picker,
// two months shown, docs/product.md#dashboard). The chosen days are applied to the filter form;
// bounds are inclusive and either may be left open.
import { format, isValid, parse } from "date-fns";
import { useEffect, useId, useRef, useState } from "react";
import { DayPicker, type DateRange } from "react-day-picker";
import { cx } from "~/components/ui/cx";

export const DATE_RANGE_LABEL = "Pick a date range";

export function parseDay(value: string | null): Date | undefined {
  if (!value) return undefined;
  const date = parse(value, "yyyy-MM-dd", new Date());
  return isValid(date) ? date : undefined;
}

const day = (date: Date | undefined) => (date ? format(date, "yyyy-MM-dd") : null);

export function rangeLabel(from: string | null, to: string | null): string {
  const a = parseDay(from);
  const b = parseDay(to);
  const show = (d: Date) => format(d, "MMM d, yyyy");
  if (a && b) return `${show(a)} – ${show(b)}`;
  if (a) return `From ${show(a)}`;
  if (b) return `Until ${show(b)}`;
  return DATE_RANGE_LABEL;
}

export function DateRangePicker({ from, to, onApply }: { from: string | null; to: string | null; onApply: (from: string | null, to: string | null) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRange | undefined>();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const active = Boolean(from || to);

  useEffect(() => {
    if (!open) return;
    setDraft({ from: parseDay(from), to: parseDay(to) });
    // Focus the calendar's selected (or today's) day, as a date grid expects.
    requestAnimationFrame(() => {
      const target =
        panel.current?.querySelector<HTMLElement>("[aria-selected='true'] button, .rdp-today button") ??
        panel.current?.querySelector<HTMLElement>(".rdp-day button");
      target?.focus();
    });
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
      }
    }
    function onPointer(event: PointerEvent) {
      const t = event.target as Node;
      if (!panel.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    }
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, from, to]);

  function apply(range: DateRange | undefined) {
    setOpen(false);
    button.current?.focus();
    onApply(day(range?.from), day(range?.to ?? range?.from));
  }

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={active ? `${DATE_RANGE_LABEL}: ${rangeLabel(from, to)}` : DATE_RANGE_LABEL}
        onClick={() => setOpen((v) => !v)}
        className={cx(
          "inline-flex h-10 w-full items-center gap-2 rounded-lg border bg-white px-3 text-left text-sm shadow-sm hover:bg-slate-50 sm:w-auto",
          active ? "border-brand-500 text-slate-900" : "border-slate-300 text-slate-500",
        )}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="size-4 shrink-0" aria-hidden="true">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
        <span className="truncate">{rangeLabel(from, to)}</span>
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-label={DATE_RANGE_LABEL}
          className="fixed inset-x-2 top-16 z-40 mx-auto max-h-[calc(100dvh-5rem)] max-w-2xl overflow-auto rounded-xl border border-slate-200 bg-white p-3 shadow-xl lg:absolute lg:inset-x-auto lg:top-auto lg:right-0 lg:mt-2 lg:max-h-none lg:w-max lg:max-w-none"
        >
          <DayPicker
            mode="range"
            numberOfMonths={2}
            selected={draft}
            onSelect={setDraft}
            defaultMonth={draft?.from ?? parseDay(from) ?? new Date()}
            showOutsideDays={false}
            className="reelforge-rdp"
          />
          <div className="mt-2 flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-3">
            <p className="mr-auto text-xs text-slate-500" aria-live="polite">
              {draft?.from ? rangeLabel(day(draft.from), day(draft.to)) : "Choose the first day, then the last"}
            </p>
            <button type="button" onClick={() => apply(undefined)} className="h-9 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100">
              Clear
            </button>
            <button type="button" onClick={() => apply(draft)} className="h-9 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
              Apply
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
