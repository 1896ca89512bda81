// "Script or Idea" (docs/product.md#the-dialog-create-your-video): required, a "{n}/350 words"
// counter with a progress bar that turns red at the limit; typing or pasting past 350 words is
// ignored, and the field says so (ADR 268). The server applies the same rules, so without
// JavaScript the limit still holds.
import { useId, useState } from "react";
import { cx } from "~/components/ui/cx";
import { SCRIPT_WORD_LIMIT } from "~/utils/constants";
import { countWords, FIELDS, scriptInputChange } from "~/models/stories/video-request-rules";

export function ScriptField({
  value,
  onChange,
  error,
  textareaRef,
}: {
  value: string;
  onChange: (next: string) => void;
  error?: string | null;
  textareaRef?: React.Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  const [ignored, setIgnored] = useState<string | null>(null);
  const words = countWords(value);
  const atLimit = words >= SCRIPT_WORD_LIMIT;
  const share = Math.min(100, (words / SCRIPT_WORD_LIMIT) * 100);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Script or Idea<span aria-hidden="true"> *</span>
      </label>
      <textarea
        ref={textareaRef}
        id={id}
        name={FIELDS.script}
        required
        rows={6}
        value={value}
        onChange={(event) => {
          const change = scriptInputChange(value, event.target.value);
          setIgnored(change.ignored);
          onChange(change.value);
        }}
        placeholder="Describe your product and what the video should say, or paste a finished script."
        aria-describedby={`${id}-count${ignored ? ` ${id}-ignored` : ""}${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className={cx(
          "block w-full resize-y rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500",
          error ? "border-red-400" : "border-slate-300",
        )}
      />
      <div className="flex items-center gap-3">
        <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div
            data-testid="word-progress"
            className={cx("h-full rounded-full transition-[width]", atLimit ? "bg-red-500" : "bg-brand-500")}
            style={{ width: `${share}%` }}
          />
        </div>
        <p
          id={`${id}-count`}
          data-testid="word-count"
          className={cx("shrink-0 text-xs tabular-nums", atLimit ? "font-semibold text-red-600" : "text-slate-500")}
        >
          {words}/{SCRIPT_WORD_LIMIT} words
        </p>
      </div>
      <p id={`${id}-ignored`} role="status" data-testid="script-input-ignored" className={cx("text-sm text-red-700", !ignored && "sr-only")}>
        {ignored ?? ""}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
