// The caption choice of a form (docs/decisions/350-caption-styles.md): three labelled radio groups,
// look, size and position, each with "Style's own" first. Plain radios: they post without
// JavaScript. Prefilled with the user's last choice.
import {
  CAPTION_FIELDS,
  CAPTION_LOOK_LABELS,
  CAPTION_LOOKS,
  CAPTION_POSITION_LABELS,
  CAPTION_POSITIONS,
  CAPTION_SIZE_LABELS,
  CAPTION_SIZES,
  type CaptionPick,
} from "~/models/captions/caption-rules";

type Option = { value: string; label: string; hint?: string };

const STYLE_OWN = "Style's own";

function RadioGroup({ legend, name, options, checked, idPrefix }: { legend: string; name: string; options: Option[]; checked: string; idPrefix: string }) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {options.map((o) => {
          const id = `${idPrefix}-${name}-${o.value || "style"}`;
          return (
            <label key={o.value} htmlFor={id} title={o.hint} className="choice">
              <input id={id} type="radio" name={name} value={o.value} defaultChecked={o.value === checked} className="size-4 accent-indigo-600" />
              {o.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The three caption radio groups; `initial`: the user's last choice (null parts: the Style's own). */
export function CaptionFields({ initial, idPrefix = "captions" }: { initial: CaptionPick; idPrefix?: string }) {
  const own: Option = { value: "", label: STYLE_OWN };
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Captions</legend>
      <RadioGroup
        legend="Caption style"
        name={CAPTION_FIELDS.style}
        idPrefix={idPrefix}
        checked={initial.style ?? ""}
        options={[own, ...CAPTION_LOOKS.map((v) => ({ value: v, label: CAPTION_LOOK_LABELS[v].label, hint: CAPTION_LOOK_LABELS[v].hint }))]}
      />
      <RadioGroup
        legend="Caption size"
        name={CAPTION_FIELDS.size}
        idPrefix={idPrefix}
        checked={initial.size ?? ""}
        options={[own, ...CAPTION_SIZES.map((v) => ({ value: v, label: CAPTION_SIZE_LABELS[v] }))]}
      />
      <RadioGroup
        legend="Caption position"
        name={CAPTION_FIELDS.position}
        idPrefix={idPrefix}
        checked={initial.position ?? ""}
        options={[own, ...CAPTION_POSITIONS.map((v) => ({ value: v, label: CAPTION_POSITION_LABELS[v] }))]}
      />
      <p className="text-xs text-slate-500">Remembered for your next video. Captions always stay clear of the app buttons on TikTok, Reels and Shorts.</p>
    </fieldset>
  );
}
