// The create-video form (docs/product.md#create-video: the dialog, the states, the messages).
//
// Without JavaScript: a multipart <Form method="post"> with file inputs; the action stores the
// files, creates the video and redirects to the dashboard with a flash message (or re-renders
// this form with the errors). With JavaScript: files are uploaded as soon as they are chosen,
// the submit goes through a fetcher with the refs, "Creating..." shows while it runs, and after
// VIDEO_CREATE_TIMEOUT_MS the "Timeout" toast says the request goes on in the background (it
// is not sent again; a manual retry reuses the same request id, so it cannot charge twice).
import { Form, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button, buttonClasses } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/Icon";
import { VIDEO_CREATE_TIMEOUT_MS } from "~/utils/constants";
import { VIDEO_COST_CREDITS } from "~/models/billing/prices";
import { MediaUpload, type MediaUploadHandle } from "./MediaUpload";
import { ReadyToGoSwitch } from "./ReadyToGoSwitch";
import { OwnMediaPicker } from "./OwnMediaPicker";
import {
  DEFAULT_STORY_ASPECT_RATIO,
  FIELDS,
  normalizeScript,
  STORY_ASPECT_RATIOS,
  toasterFor,
  uploadFailedMessage,
  VIDEO_MESSAGES,
  type CreateVideoActionData,
  type FieldErrors,
  type Toast,
} from "~/models/stories/video-request-rules";
import { CaptionFields } from "~/components/ui/CaptionFields";
import type { CaptionPick } from "~/models/captions/caption-rules";
import { ScriptField } from "./ScriptField";
import { VoiceSamples } from "./VoiceSamples";
import { AppLink } from "~/components/ui/AppLink";

export type Option = { id: number; name: string };

export type CreateVideoFormProps = {
  voices: Option[];
  styles: Option[];
  /** The user's last caption choice, prefilled (ADR 350). */
  captions?: CaptionPick;
  defaultVoiceId: number | null;
  requestId: string;
  hydrated: boolean;
  /** Result of a plain (non-JavaScript) post, to refill the form and show its errors. */
  actionData?: CreateVideoActionData;
  titleId: string;
  /** Link target of Cancel without JavaScript. */
  cancelHref: string;
  onCancel?: () => void;
  onCreated?: () => void;
  /** Where the first field should get focus (the dialog opening). */
  scriptRef?: React.Ref<HTMLTextAreaElement>;
  /** What a product page filled in (ProductPageField, ADR 305): the script, and its photos as media. */
  prefill?: { idea: string; product: { name: string | null }; photos: { ref: string; url: string; contentType: string }[] } | null;
};

/** One toast for the submission at a time: the answer replaces the "Timeout" toast. */
function showToast(kind: "success" | "error", t: Toast, toasterId?: string) {
  const options = { id: "create-video", toasterId, ...(t.description ? { description: t.description } : {}) };
  if (kind === "success") toast.success(t.title, options);
  else toast.error(t.title, options);
}

const productFailure = (): Toast => ({ ...VIDEO_MESSAGES.uploadProductPhoto });
const musicFailure = (reason: string): Toast => ({ title: VIDEO_MESSAGES.uploadProductPhoto.title, description: uploadFailedMessage("audio", reason) });
const musicFailureText = (reason: string) => uploadFailedMessage("audio", reason);

export function CreateVideoForm({
  voices,
  styles,
  captions,
  defaultVoiceId,
  requestId,
  hydrated,
  actionData,
  titleId,
  cancelHref,
  onCancel,
  onCreated,
  scriptRef,
  prefill,
}: CreateVideoFormProps) {
  // One fetcher per opening of the dialog (the form is keyed by the request id), so an earlier
  // opening's answer is never shown again.
  const fetcher = useFetcher<CreateVideoActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const imageRef = useRef<MediaUploadHandle>(null);
  const musicRef = useRef<MediaUploadHandle>(null);
  const alertId = useId();
  const values = actionData && !actionData.ok ? actionData.values : undefined;
  const [script, setScript] = useState(values?.script ?? prefill?.idea ?? "");
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [imageBusy, setImageBusy] = useState(false);
  const [musicBusy, setMusicBusy] = useState(false);
  const [mediaBusy, setMediaBusy] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const handled = useRef<unknown>(null);

  // Waiting for the action's answer (after it, Remix may still reload the page's data).
  const pending = fetcher.state === "submitting";
  const submitting = preparing || (pending && !timedOut) || (fetcher.state === "loading" && fetcher.data?.ok === true);
  const uploading = imageBusy || musicBusy || mediaBusy;

  // The 30-second timeout: the request was accepted and keeps running on the server.
  useEffect(() => {
    if (!pending) {
      setTimedOut(false);
      return;
    }
    const timer = window.setTimeout(() => {
      setTimedOut(true);
      showToast("error", VIDEO_MESSAGES.timeout, toasterFor(formRef.current));
    }, VIDEO_CREATE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [pending, attempt]);

  // The answer of an enhanced submit (also when it arrives after the timeout toast).
  useEffect(() => {
    const data = fetcher.data;
    // Acted on as soon as the action answered (not after the loaders' revalidation).
    if (!data || fetcher.state === "submitting" || handled.current === data) return;
    handled.current = data;
    if (data.ok) {
      // Shown by the page's toaster: the dialog closes and the dashboard opens.
      showToast("success", data.toast);
      onCreated?.();
    } else {
      showToast("error", data.toast, toasterFor(formRef.current));
    }
  }, [fetcher.data, fetcher.state, onCreated]);

  const shown = fetcher.data ?? actionData;
  const serverErrors: FieldErrors = shown && !shown.ok ? (shown.fieldErrors ?? {}) : {};
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const kept = actionData && !actionData.ok ? actionData.files : undefined;
  const firstPhoto = prefill?.photos[0];
  const prefilledImage = firstPhoto
    ? { ref: firstPhoto.ref, url: firstPhoto.url, contentType: firstPhoto.contentType, name: prefill?.product.name ?? null }
    : null;

  const onScript = useCallback((next: string) => {
    setScript(next);
    setClientErrors((e) => (e.script ? { ...e, script: undefined } : e));
  }, []);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    if (submitting || uploading) return;
    if (!normalizeScript(script)) {
      setClientErrors({ script: VIDEO_MESSAGES.scriptRequired });
      showToast("error", { title: VIDEO_MESSAGES.scriptRequired }, toasterFor(formRef.current));
      return;
    }
    setClientErrors({});
    setPreparing(true);
    try {
      // A chosen file whose upload failed gets one more try; the video waits for its files.
      for (const slot of [imageRef.current, musicRef.current]) {
        if (slot && !(await slot.ensureUploaded())) return;
      }
      const form = formRef.current;
      if (!form) return;
      const data = new FormData(form);
      data.delete(FIELDS.productImage);
      data.delete(FIELDS.backgroundMusic);
      data.delete(FIELDS.photos);
      data.delete(FIELDS.clips);
      data.set(FIELDS.enhanced, "1");
      data.set(FIELDS.requestId, requestId);
      setTimedOut(false);
      setAttempt((n) => n + 1);
      fetcher.submit(data, { method: "post", action: "/create-video" });
    } finally {
      setPreparing(false);
    }
  }

  const failure = shown && !shown.ok ? shown.toast : null;

  return (
    <Form
      ref={formRef}
      method="post"
      action="/create-video"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate={hydrated}
      aria-labelledby={titleId}
      aria-describedby={failure && !hydrated ? alertId : undefined}
      className="flex flex-col gap-5"
    >
      <input type="hidden" name={FIELDS.requestId} value={requestId} />
      {failure && !hydrated ? (
        <div id={alertId} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-semibold">{failure.title}</p>
          {failure.description ? <p>{failure.description}</p> : null}
        </div>
      ) : null}

      <ScriptField value={script} onChange={onScript} error={errors.script} textareaRef={scriptRef} />

      <SelectField
        label="Choose Voice"
        name={FIELDS.voiceId}
        options={voices}
        defaultValue={values?.voiceId ?? (defaultVoiceId !== null ? String(defaultVoiceId) : undefined)}
        error={errors.voiceId}
      />
      <VoiceSamples voices={voices} />

      <MediaUpload
        ref={imageRef}
        name={FIELDS.productImage}
        clearName={FIELDS.clearProductImage}
        bucket="product-photos"
        kind="image"
        label="Product or Avatar Image"
        description="Optional. An image of your product or of the presenter (JPEG, PNG, WebP, GIF or AVIF)."
        icon="upload"
        hydrated={hydrated}
        kept={kept?.productImage ?? prefilledImage}
        error={errors.productImage}
        failureToast={productFailure}
        onBusyChange={setImageBusy}
      />

      <OwnMediaPicker
        hydrated={hydrated}
        error={errors.media}
        onBusyChange={setMediaBusy}
        initial={prefill?.photos.map((p, i) => ({
          ref: p.ref,
          url: p.url,
          kind: "photo" as const,
          name: `${prefill.product.name ?? "Product page"} photo ${i + 1}`,
        }))}
      />

      <SelectField
        label="Style"
        name={FIELDS.storyTypeId}
        options={styles}
        defaultValue={values?.storyTypeId ?? (styles[0] ? String(styles[0].id) : undefined)}
        error={errors.storyTypeId}
      />

      <SelectField
        label="Aspect Ratio"
        name={FIELDS.aspectRatio}
        options={STORY_ASPECT_RATIOS}
        defaultValue={values?.aspectRatio || DEFAULT_STORY_ASPECT_RATIO}
        error={errors.aspectRatio}
      />

      <CaptionFields initial={captions ?? { style: null, size: null, position: null }} idPrefix={`cv-${requestId}`} />

      <MediaUpload
        ref={musicRef}
        name={FIELDS.backgroundMusic}
        clearName={FIELDS.clearBackgroundMusic}
        bucket="background-music"
        kind="audio"
        label="Background Music"
        description="Optional. An audio file (MP3, WAV, OGG, AAC, M4A or FLAC) played under the voice-over."
        icon="music"
        hydrated={hydrated}
        kept={kept?.backgroundMusic}
        error={errors.backgroundMusic}
        failureToast={musicFailure}
        failureText={musicFailureText}
        onBusyChange={setMusicBusy}
      />

      <ReadyToGoSwitch hydrated={hydrated} defaultChecked={values?.readyToGo ?? false} />

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        {hydrated && onCancel ? (
          <Button variant="secondary" size="lg" onClick={onCancel} className="w-full sm:w-auto">
            Cancel
          </Button>
        ) : (
          <AppLink to={cancelHref} className={buttonClasses("secondary", "lg", "w-full sm:w-auto")}>
            Cancel
          </AppLink>
        )}
        <Button type="submit" size="lg" disabled={submitting || uploading} aria-disabled={submitting || uploading} className="w-full sm:w-auto">
          {submitting ? (
            <>
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
              Creating...
            </>
          ) : (
            <>
              <Icon name="video" className="size-4" />
              Create Video ({VIDEO_COST_CREDITS} credits)
            </>
          )}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {submitting ? "Creating your video..." : uploading ? "Uploading files..." : ""}
      </p>
    </Form>
  );
}

function SelectField({
  label,
  name,
  options,
  defaultValue,
  error,
}: {
  label: string;
  name: string;
  options: readonly { id: number | string; name: string }[];
  defaultValue?: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(
          "h-10 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500",
          error ? "border-red-400" : "border-slate-300",
        )}
      >
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
