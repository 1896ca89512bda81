// The brand kit section of /settings (route-only helper of _shell.settings.tsx; the form posts
// to /settings?brand). One multipart body, read in memory with the logo capped at its size limit:
// Save, Preview (renders the frame without saving), Suggest colours (from the logo being
// uploaded, or the saved one) and Remove kit. The checks and the saving are the brand core's.
import { data, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import type { BrandFormValues, BrandKitActionData } from "~/components/settings/types";
import type { Actor } from "~/models/access";
import {
  BRAND_MESSAGES,
  LOGO_MAX_BYTES,
  LogoError,
  previewBrandKit,
  removeBrandKit,
  saveBrandKit,
  suggestColorsFromLogo,
  type LogoChange,
} from "~/models/brand";
import { isMultipart } from "~/utils/forms.server";

const STEPS = { "brand-save": "save", "brand-preview": "preview", "brand-suggest": "suggest", "brand-remove": "remove" } as const;

function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, 500) : "";
}

/**
 * A colour from its picker and its text box: the one the person changed (the one that differs
 * from the value the page showed, `colorNWas`); with JavaScript both say the same.
 */
function colour(form: FormData, n: number): string {
  const picked = text(form, `color${n}`);
  const typed = text(form, `color${n}Text`).trim();
  const was = text(form, `color${n}Was`);
  return typed && typed.toLowerCase() !== was.toLowerCase() ? typed : picked || typed;
}

export function brandFormValues(form: FormData): BrandFormValues {
  const colors = [colour(form, 1), colour(form, 2)];
  if (form.get("color3On") === "on") colors.push(colour(form, 3));
  return {
    colors,
    fontId: text(form, "fontId"),
    callToAction: text(form, "callToAction"),
    website: text(form, "website"),
    cornerMark: form.get("cornerMark") === "on",
  };
}

async function logoBytes(form: FormData): Promise<Buffer | null> {
  const file = form.get("logo");
  if (!file || typeof file === "string" || file.size === 0) return null;
  return Buffer.from(await file.arrayBuffer());
}

function refused(step: BrandKitActionData["step"], body: Omit<BrandKitActionData, "intent" | "step" | "ok">, status = 400) {
  return data<BrandKitActionData>({ intent: "brand", step, ok: false, ...body }, { status });
}

export async function brandKitAction(request: Request, actor: Actor) {
  if (!isMultipart(request)) return refused("save", { message: BRAND_MESSAGES.invalid });
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: LOGO_MAX_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return refused("save", { message: BRAND_MESSAGES.invalid, fieldErrors: { logo: BRAND_MESSAGES.logoLarge } }, 413);
    return refused("save", { message: "The form could not be read. Please try again." });
  }
  const step = STEPS[text(form, "intent") as keyof typeof STEPS];
  if (!step) return refused("save", { message: "Unknown action." });
  const values = brandFormValues(form);
  const bytes = await logoBytes(form);
  const logo: LogoChange = bytes ? { kind: "replace", bytes } : form.get("removeLogo") === "on" ? { kind: "remove" } : { kind: "keep" };

  if (step === "remove") {
    await removeBrandKit(actor);
    return { intent: "brand", step, ok: true, message: BRAND_MESSAGES.removed } satisfies BrandKitActionData;
  }
  if (step === "suggest") {
    try {
      const colors = await suggestColorsFromLogo(actor, bytes);
      const message = bytes ? `${BRAND_MESSAGES.suggested} Choose the logo file again when you save.` : BRAND_MESSAGES.suggested;
      return { intent: "brand", step, ok: true, message, values: { ...values, colors } } satisfies BrandKitActionData;
    } catch (error) {
      if (!(error instanceof LogoError)) throw error;
      return refused(step, { message: error.message, fieldErrors: { logo: error.message }, values });
    }
  }
  if (step === "preview") {
    const preview = await previewBrandKit(actor, values, logo);
    if (!preview.ok) return refused(step, { message: preview.message, fieldErrors: preview.fieldErrors, values });
    const previewUrl = `data:image/jpeg;base64,${preview.jpeg.toString("base64")}`;
    return { intent: "brand", step, ok: true, message: BRAND_MESSAGES.previewReady, values: preview.kit, previewUrl } satisfies BrandKitActionData;
  }
  const saved = await saveBrandKit(actor, values, logo);
  if (!saved.ok) return refused(step, { message: saved.message, fieldErrors: saved.fieldErrors, values });
  return { intent: "brand", step, ok: true, message: saved.message } satisfies BrandKitActionData;
}
