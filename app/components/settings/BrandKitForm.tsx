// The brand kit section of Profile Settings (docs/product.md#brand-kit): logo, colours (picker
// with a text box), caption font, call to action, website line, corner mark, and the preview
// frame. One multipart form posted to /settings?brand: it works without JavaScript; with it the
// picker and the text box of a colour stay in step.
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/Button";
import { BRAND_FONT_IDS, BRAND_FONT_LABELS, CTA_MAX_CHARS, EMPTY_BRAND_KIT, WEBSITE_MAX_CHARS, type BrandKitView } from "~/models/brand/brand-rules";
import type { BrandFormValues, BrandKitActionData } from "./types";

const INPUT =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";
const LABEL = "block text-sm font-medium text-slate-800";

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function ColourField({ n, value, label, error }: { n: number; value: string; label: string; error?: string }) {
  const safe = /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : "#000000";
  const [hex, setHex] = useState(value);
  useEffect(() => setHex(value), [value]);
  const picker = /^#[0-9a-f]{6}$/i.test(hex) ? hex.toLowerCase() : safe;
  return (
    <div className="flex items-end gap-2">
      <div>
        <label htmlFor={`brand-color${n}`} className={LABEL}>
          {label}
        </label>
        <input
          id={`brand-color${n}`}
          type="color"
          name={`color${n}`}
          value={picker}
          onChange={(e) => setHex(e.target.value)}
          className="mt-1 h-10 w-14 cursor-pointer rounded border border-slate-300 bg-white"
        />
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={`brand-color${n}-text`} className="sr-only">
          {label} as hex
        </label>
        <input
          id={`brand-color${n}-text`}
          name={`color${n}Text`}
          value={hex}
          onChange={(e) => setHex(e.target.value)}
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          pattern="#?[0-9a-fA-F]{6}"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "brand-colors-error" : undefined}
          className={INPUT}
        />
        <input type="hidden" name={`color${n}Was`} value={value} />
      </div>
    </div>
  );
}

export function BrandKitForm({ kit, result }: { kit: BrandKitView | null; result: BrandKitActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.includes("brand");
  const v: BrandFormValues = result?.values ?? kit ?? EMPTY_BRAND_KIT;
  const errors = result?.fieldErrors ?? {};
  const preview = result?.previewUrl ?? (kit ? `/resources/brand-preview?v=${encodeURIComponent(kit.updatedAt)}` : null);
  // A fresh key after each answer resets the uncontrolled fields to the values it carries.
  const key = `${kit?.updatedAt ?? "none"}-${result ? JSON.stringify(result.values ?? result.message) : ""}`;
  return (
    <section aria-labelledby="brand-kit-title" className="mt-6 max-w-2xl rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="brand-kit-title" className="text-lg font-semibold text-slate-900">
        Brand kit
      </h2>
      <p className="text-sm text-slate-500">Your logo, colours and font on every new ad. Free.</p>
      <div aria-live="polite" className="mt-2 min-h-5 text-sm">
        {result?.ok ? <p className="text-green-700">{result.message}</p> : null}
        {result && !result.ok ? (
          <p role="alert" className="text-red-700">
            {result.message}
          </p>
        ) : null}
      </div>
      <Form key={key} method="post" action="/settings?brand" encType="multipart/form-data" className="mt-3 grid gap-5 md:grid-cols-[1fr_auto]">
        <div className="flex min-w-0 flex-col gap-4">
          {/* Enter in a text box saves (a form's first submit button is its default). */}
          <button type="submit" name="intent" value="brand-save" className="sr-only" tabIndex={-1} aria-hidden="true">
            Save
          </button>
          <div>
            <label htmlFor="brand-logo" className={LABEL}>
              Logo
            </label>
            {kit?.logoUrl ? <img src={kit.logoUrl} alt="Your saved logo" className="mt-1 h-12 max-w-48 object-contain" /> : null}
            <input
              id="brand-logo"
              type="file"
              name="logo"
              accept=".png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml"
              aria-describedby={`brand-logo-hint${errors.logo ? " brand-logo-error" : ""}`}
              aria-invalid={errors.logo ? true : undefined}
              className="mt-1 block w-full text-sm"
            />
            <p id="brand-logo-hint" className="mt-1 text-xs text-slate-500">
              PNG, JPEG or SVG, up to 2 MB. SVGs with scripts or links to other files are refused.
            </p>
            <FieldError id="brand-logo-error" message={errors.logo} />
            {kit?.logoUrl ? (
              <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="removeLogo" /> Remove the logo
              </label>
            ) : null}
          </div>
          <fieldset>
            <legend className={LABEL}>Brand colours</legend>
            <div className="mt-1 grid gap-3 sm:grid-cols-3">
              <ColourField n={1} value={v.colors[0] ?? "#1e3a8a"} label="Main colour (backgrounds)" error={errors.colors} />
              <ColourField n={2} value={v.colors[1] ?? "#f59e0b"} label="Accent (panels, button)" error={errors.colors} />
              <ColourField n={3} value={v.colors[2] ?? "#ffffff"} label="Third colour (text)" error={errors.colors} />
            </div>
            <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="color3On" defaultChecked={v.colors.length > 2} /> Use the third colour
            </label>
            <FieldError id="brand-colors-error" message={errors.colors} />
            <Button type="submit" name="intent" value="brand-suggest" variant="secondary" className="mt-2" disabled={busy}>
              Suggest from logo
            </Button>
          </fieldset>
          <div>
            <label htmlFor="brand-font" className={LABEL}>
              Caption and title font
            </label>
            <select id="brand-font" name="fontId" defaultValue={v.fontId} className={INPUT} aria-invalid={errors.fontId ? true : undefined}>
              {BRAND_FONT_IDS.map((id) => (
                <option key={id} value={id}>
                  {BRAND_FONT_LABELS[id]}
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-slate-500">Hindi text is always set in Noto Sans Devanagari.</p>
            <FieldError id="brand-font-error" message={errors.fontId} />
          </div>
          <div>
            <label htmlFor="brand-cta" className={LABEL}>
              Default call to action
            </label>
            <input
              id="brand-cta"
              name="callToAction"
              defaultValue={v.callToAction}
              maxLength={CTA_MAX_CHARS}
              placeholder="Shop now"
              aria-describedby={errors.callToAction ? "brand-cta-error" : "brand-cta-hint"}
              aria-invalid={errors.callToAction ? true : undefined}
              className={INPUT}
            />
            <p id="brand-cta-hint" className="mt-1 text-xs text-slate-500">
              On the end card when your script has no call to action of its own.
            </p>
            <FieldError id="brand-cta-error" message={errors.callToAction} />
          </div>
          <div>
            <label htmlFor="brand-website" className={LABEL}>
              Website or handle
            </label>
            <input
              id="brand-website"
              name="website"
              defaultValue={v.website}
              maxLength={WEBSITE_MAX_CHARS}
              placeholder="example.com or @yourbrand"
              aria-describedby={errors.website ? "brand-website-error" : undefined}
              aria-invalid={errors.website ? true : undefined}
              className={INPUT}
            />
            <FieldError id="brand-website-error" message={errors.website} />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name="cornerMark" defaultChecked={v.cornerMark} /> Show a small logo mark in the corner of every scene
          </label>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="brand-save" disabled={busy}>
              {busy ? "Working..." : "Save brand kit"}
            </Button>
            <Button type="submit" name="intent" value="brand-preview" variant="secondary" disabled={busy}>
              Preview
            </Button>
            {kit ? (
              <Button type="submit" name="intent" value="brand-remove" variant="secondary" disabled={busy}>
                Remove kit
              </Button>
            ) : null}
          </div>
        </div>
        <figure className="mx-auto w-40 sm:w-48">
          {preview ? (
            <img
              src={preview}
              alt="Preview of your ad's end card with your brand kit"
              width={360}
              height={640}
              className="w-full rounded-lg border border-slate-200"
            />
          ) : (
            <div className="flex aspect-[9/16] w-full items-center justify-center rounded-lg border border-dashed border-slate-300 p-3 text-center text-xs text-slate-500">
              Press Preview to see your end card
            </div>
          )}
          <figcaption className="mt-1 text-center text-xs text-slate-500">{result?.previewUrl ? "Preview (not saved)" : "End card preview"}</figcaption>
        </figure>
      </Form>
    </section>
  );
}
