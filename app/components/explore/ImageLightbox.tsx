// A product image thumbnail that opens larger in a modal dialog (native <dialog>: focus moves
// in and back, Escape closes). Without JavaScript the thumbnail is a link to the image itself.
import { useRef } from "react";

export function ImageLightbox({ src, alt, label }: { src: string; alt: string; label: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <a
        href={src}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
        className="group relative block size-16 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
      >
        <img src={src} alt="" loading="lazy" className="size-full object-cover transition-transform group-hover:scale-105" />
        <span className="sr-only">{label}</span>
      </a>
      {/* Keyboard users close it with Escape or the Close button; the click is the backdrop's. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        aria-label={alt}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself) closes it.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
        className="m-auto max-h-[90dvh] max-w-[min(90vw,48rem)] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/70"
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-2">
          <p className="truncate text-sm font-medium text-slate-800">{alt}</p>
          <form method="dialog">
            <button type="submit" className="flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="size-5" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
              <span className="sr-only">Close</span>
            </button>
          </form>
        </div>
        <img src={src} alt={alt} className="max-h-[calc(90dvh-3.5rem)] w-auto max-w-full object-contain" />
      </dialog>
    </>
  );
}
