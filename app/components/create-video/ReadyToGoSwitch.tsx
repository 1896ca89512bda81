// "Ready to Go" (docs/product.md#the-dialog-create-your-video): a switch (role="switch",
// aria-checked) with JavaScript, a plain checkbox without it. Both post readyToGo=on when set.
import { useId, useState } from "react";
import { cx } from "~/components/ui/cx";
import { FIELDS } from "~/models/stories/video-request-rules";

export function ReadyToGoSwitch({ hydrated, defaultChecked = false }: { hydrated: boolean; defaultChecked?: boolean }) {
  const id = useId();
  const [on, setOn] = useState(defaultChecked);
  const description = "On: your text is read word for word. Off: the planner rewrites it for speech and fits it to each scene.";

  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="min-w-0">
        <label htmlFor={id} id={`${id}-label`} className="text-sm font-medium text-slate-800">
          Ready to Go
        </label>
        <p id={`${id}-desc`} className="mt-0.5 text-xs text-slate-500">
          {description}
        </p>
      </div>
      {hydrated ? (
        <>
          <button
            id={id}
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-desc`}
            onClick={() => setOn((v) => !v)}
            className={cx(
              "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
              on ? "bg-brand-600" : "bg-slate-300",
            )}
          >
            <span
              aria-hidden="true"
              className={cx("inline-block size-5 rounded-full bg-white shadow transition-transform", on ? "translate-x-5.5" : "translate-x-0.5")}
            />
          </button>
          {on ? <input type="hidden" name={FIELDS.readyToGo} value="on" /> : null}
        </>
      ) : (
        <input
          id={id}
          type="checkbox"
          name={FIELDS.readyToGo}
          defaultChecked={on}
          aria-describedby={`${id}-desc`}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
      )}
    </div>
  );
}
