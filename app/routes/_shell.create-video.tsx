// /create-video, "AI UGC Video" (docs/product.md#create-video; login required): the credits card
// and the create-video dialog. The action is a thin door onto createVideoRequest (the submission
// core): JSON for the enhanced dialog, a redirect to the dashboard with a flash message for a plain
// form post. See docs/decisions/091-create-video-dialog.md.
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigate, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useCallback, useId, useRef, useState } from "react";
import { z } from "zod";
import { CreateVideoDialog } from "~/components/create-video/CreateVideoDialog";
import { CreateVideoForm } from "~/components/create-video/CreateVideoForm";
import { CreditsCard } from "~/components/create-video/CreditsCard";
import { ProductPageField } from "~/components/create-video/ProductPageField";
import { isProductPageActionData, PRODUCT_PAGE_FORM, type ProductPageActionData } from "~/models/stories/product-page-form";
import {
  ASPECT_RATIO_INVALID,
  ASPECT_RATIOS,
  FIELDS,
  newRequestId,
  STYLE_INVALID,
  VIDEO_MESSAGES,
  VOICE_INVALID,
  type CreateVideoActionData,
  type FieldErrors,
  type Toast,
} from "~/models/stories/video-request-rules";
import { useHydrated } from "~/components/create-video/useHydrated";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Icon } from "~/components/ui/Icon";
import { listStoryTypes, createVideoRequest } from "~/models/stories";
import { actorFromUser, getOptionalUser, requireUser } from "~/models/access";
import { defaultVoiceId, listVoices } from "~/models/generation";
import { VIDEO_COST_CREDITS } from "~/models/billing";
import { setFlash } from "~/utils/flash.server";
import { removeFiles } from "~/models/files";
import { captionFormFields, captionInputFromFields, getCaptionPreference } from "~/models/captions";
import { field, parseFields, type Parsed } from "~/utils/form-fields";
import { isMultipart, readForm } from "~/utils/forms.server";
import { mediaRefsOf, readVideoForm, type VideoFormResult } from "./_shell.create-video.server";
import { productPageAction } from "./_shell.create-video.product-page.server";

export const meta: MetaFunction = () => [{ title: "AI UGC Video — Reelforge" }];

const OPEN_PARAM = "new";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [voices, styles, captions] = await Promise.all([listVoices(), listStoryTypes(), getCaptionPreference(actorFromUser(user, "web"))]);
  // The balance comes with the session user, read in this request (docs/decisions/239-page-speed-shell.md).
  const credits: number | null = user.credits;
  return { credits, voices, styles, captions, defaultVoiceId: defaultVoiceId(voices), requestId: randomUUID() };
}

/** Opening or closing the dialog only changes ?new=1: nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, formData, defaultShouldRevalidate }) => {
  // Reading a product page changes nothing the loader shows (it is free).
  if (formData?.get(PRODUCT_PAGE_FORM.intentField) === PRODUCT_PAGE_FORM.intent) return false;
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    const a = new URLSearchParams(currentUrl.search);
    const b = new URLSearchParams(nextUrl.search);
    a.delete(OPEN_PARAM);
    b.delete(OPEN_PARAM);
    if (a.toString() === b.toString()) return false;
  }
  return defaultShouldRevalidate;
};

function text(fields: FormData, name: string): string {
  const v = fields.get(name);
  return typeof v === "string" ? v : "";
}

/**
 * The form's fields at the door: text without control characters, ids within int4, a UUID
 * request id (docs/decisions/115-reading-forms-and-queries.md). The script's own rules (words,
 * length) and whether the voice, style and files exist are the core's.
 */
const videoFields = z.object({
  [FIELDS.script]: field.optional(field.text({ max: 20_000, label: "Your script" })),
  [FIELDS.voiceId]: field.optional(field.intId("The voice", VOICE_INVALID)),
  [FIELDS.storyTypeId]: field.optional(field.intId("The style", STYLE_INVALID)),
  [FIELDS.aspectRatio]: field.optional(z.enum(ASPECT_RATIOS, { error: ASPECT_RATIO_INVALID })),
  [FIELDS.readyToGo]: field.checkbox(),
  [FIELDS.requestId]: field.optional(field.uuid("The request id")),
  productImageRef: field.optional(field.line({ max: 512, label: "The product photo" })),
  backgroundMusicRef: field.optional(field.line({ max: 512, label: "The background music" })),
  [FIELDS.enhanced]: field.checkbox(),
  [FIELDS.clearProductImage]: field.checkbox(),
  [FIELDS.clearBackgroundMusic]: field.checkbox(),
  // The caption look (ADR 350): "" is the Style's own.
  ...captionFormFields,
});
type VideoFields = z.output<typeof videoFields>;

const FIELD_OF: Record<string, keyof FieldErrors> = {
  [FIELDS.script]: "script",
  [FIELDS.voiceId]: "voiceId",
  [FIELDS.storyTypeId]: "storyTypeId",
  [FIELDS.aspectRatio]: "aspectRatio",
  productImageRef: "productImage",
  backgroundMusicRef: "backgroundMusic",
};

function fieldErrorsOf(errors: Record<string, string>): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, message] of Object.entries(errors)) if (FIELD_OF[name]) out[FIELD_OF[name]] ??= message;
  return out;
}

/**
 * The enhanced dialog has uploaded its files already and posts their refs urlencoded; a plain
 * post without JavaScript sends one multipart body with the files (readVideoForm streams them
 * into storage).
 */
async function readVideoRequest(request: Request, userId: string): Promise<{ form: VideoFormResult; parsed: Parsed<VideoFields> }> {
  if (isMultipart(request)) {
    const form = await readVideoForm(request, userId);
    return { form, parsed: parseFields(videoFields, form.fields) };
  }
  const { form: fields, ...parsed } = await readForm(request, videoFields);
  const ref = (v: string | undefined, clear: boolean) => (clear || !v ? null : v);
  const form: VideoFormResult = {
    ok: true,
    fields,
    productImageRef: parsed.ok ? ref(parsed.data.productImageRef, parsed.data[FIELDS.clearProductImage]) : null,
    backgroundMusicRef: parsed.ok ? ref(parsed.data.backgroundMusicRef, parsed.data[FIELDS.clearBackgroundMusic]) : null,
    mediaRefs: mediaRefsOf(fields),
    storedNow: [],
    kept: { productImage: null, backgroundMusic: null },
  };
  return { form, parsed };
}

const error = (title: string, description?: string): Toast => (description ? { title, description } : { title });

export async function action({ request }: ActionFunctionArgs) {
  let user: Awaited<ReturnType<typeof getOptionalUser>> = null;
  try {
    user = await getOptionalUser(request);
  } catch (e) {
    console.error("[create-video] session check failed", e);
  }
  if (!user) {
    return data<CreateVideoActionData>({ ok: false, toast: error("Error", VIDEO_MESSAGES.noUser) }, { status: 401 });
  }

  const productPage = await productPageAction(request, user);
  if (productPage) return productPage;

  const { form, parsed } = await readVideoRequest(request, user.id);
  const fields = form.fields;
  const values = {
    script: text(fields, FIELDS.script),
    voiceId: text(fields, FIELDS.voiceId),
    storyTypeId: text(fields, FIELDS.storyTypeId),
    aspectRatio: text(fields, FIELDS.aspectRatio),
    readyToGo: ["on", "1", "true"].includes(text(fields, FIELDS.readyToGo)),
    requestId: text(fields, FIELDS.requestId),
  };
  if (!form.ok) {
    return data<CreateVideoActionData>({ ok: false, toast: form.toast, fieldErrors: form.fieldErrors, values }, { status: form.status ?? 400 });
  }
  if (!parsed.ok) {
    return data<CreateVideoActionData>(
      { ok: false, toast: error("Error", parsed.formError), fieldErrors: fieldErrorsOf(parsed.fieldErrors), values, files: form.kept },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const enhanced = input[FIELDS.enhanced];

  let result: Awaited<ReturnType<typeof createVideoRequest>>;
  try {
    result = await createVideoRequest(actorFromUser(user, "web"), {
      script: input[FIELDS.script] ?? "",
      voiceId: input[FIELDS.voiceId] ?? null,
      storyTypeId: input[FIELDS.storyTypeId] ?? null,
      aspectRatio: input[FIELDS.aspectRatio] ?? null,
      readyToGo: input[FIELDS.readyToGo],
      requestId: input[FIELDS.requestId] ?? null,
      productImageRef: form.productImageRef,
      backgroundMusicRef: form.backgroundMusicRef,
      mediaRefs: form.mediaRefs,
      captions: captionInputFromFields(input),
    });
  } catch (thrown) {
    await removeFiles(form.storedNow);
    throw thrown;
  }

  // Own photos and clips of a refused plain post are not kept (ADR 315): nothing is left in storage.
  if (!result.ok) await removeFiles(form.storedNow.filter((f) => form.mediaRefs.includes(f.ref)));
  if (result.ok) {
    // A repeated request (same request id) keeps the first story's files: this post's are unused.
    if (result.duplicate) await removeFiles(form.storedNow);
    const toast = { ...VIDEO_MESSAGES.success };
    if (enhanced) return data<CreateVideoActionData>({ ok: true, storyId: result.storyId, duplicate: result.duplicate, toast });
    return redirect("/", { headers: { "Set-Cookie": await setFlash({ kind: "success", ...toast }) } });
  }

  // Files stored by a plain post come back as refs when the form is shown again to be corrected
  // (invalid, failed); otherwise nothing will use them and they are removed now. Kept files that
  // are never posted again go with the sweep of unused uploads (ADR 110).
  const files = form.kept;
  switch (result.code) {
    case "no_user":
      await removeFiles(form.storedNow);
      return data<CreateVideoActionData>({ ok: false, toast: error("Error", result.message) }, { status: 401 });
    case "invalid":
      return data<CreateVideoActionData>({ ok: false, toast: error("Error", result.message), fieldErrors: result.fieldErrors, values, files }, { status: 400 });
    case "insufficient_credits":
      // The dialog does not open again without the credits, so the files could not be carried.
      await removeFiles(form.storedNow);
      return data<CreateVideoActionData>({ ok: false, toast: error(result.title, result.message), values }, { status: 402 });
    case "failed":
      return data<CreateVideoActionData>({ ok: false, toast: error("Error", result.message), values, files }, { status: 500 });
  }
}

export default function CreateVideo() {
  const { credits, voices, styles, captions, defaultVoiceId, requestId: serverRequestId } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>() as CreateVideoActionData | ProductPageActionData | undefined;
  const productPage = isProductPageActionData(answered) ? answered : undefined;
  const actionData = productPage ? undefined : (answered as CreateVideoActionData | undefined);
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const scriptRef = useRef<HTMLTextAreaElement>(null);

  const canCreate = credits !== null && credits >= VIDEO_COST_CREDITS;
  const failedPost = actionData && !actionData.ok ? actionData : undefined;
  // A plain post that failed shows the form again (with its values and errors).
  const open = canCreate && (searchParams.get(OPEN_PARAM) === "1" || Boolean(failedPost?.values) || Boolean(productPage));

  // What a product page filled in (ADR 305); the form is made again with it.
  const [prefill, setPrefill] = useState(() => ({ found: productPage?.ok ? productPage : null, n: 0 }));
  const onProductPage = useCallback((found: Extract<ProductPageActionData, { ok: true }>) => setPrefill((p) => ({ found, n: p.n + 1 })), []);

  // One request id per opening of the dialog: a retry in the same dialog (after the timeout)
  // reuses it and is recognised by the server; a new opening is a new request (and a fresh
  // form, keyed by it). Updated while rendering, so the new form is there when the dialog opens.
  const [session, setSession] = useState(() => ({ open, requestId: failedPost?.values?.requestId || serverRequestId }));
  if (open !== session.open) {
    setSession({ open, requestId: open ? newRequestId() : session.requestId });
    if (open) setPrefill({ found: productPage?.ok ? productPage : null, n: 0 });
  }
  const requestId = session.requestId;

  const openRef = useRef(open);
  openRef.current = open;
  const pushedOpen = useRef(false);
  const openDialog = useCallback(() => {
    pushedOpen.current = true;
    const params = new URLSearchParams(location.search);
    params.set(OPEN_PARAM, "1");
    navigate({ pathname: location.pathname, search: `?${params}` }, { preventScrollReset: true });
  }, [location.pathname, location.search, navigate]);
  const closeDialog = useCallback(() => {
    if (!openRef.current) return;
    openRef.current = false;
    if (pushedOpen.current) {
      pushedOpen.current = false;
      navigate(-1);
      return;
    }
    const params = new URLSearchParams(location.search);
    params.delete(OPEN_PARAM);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }, [location.pathname, location.search, navigate]);
  const onCreated = useCallback(() => {
    pushedOpen.current = false;
    openRef.current = false;
    navigate("/");
  }, [navigate]);

  const createParams = new URLSearchParams(searchParams);
  createParams.set(OPEN_PARAM, "1");
  const pageAlert = failedPost && !open ? failedPost.toast : null;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-10">
      <Link to="/" className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900">
        <Icon name="arrow-right" className="size-4 rotate-180" />
        Back
      </Link>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">AI UGC Video</h1>
      <p className="mt-1 text-sm text-slate-600">Turn a script or an idea into a short video ad with voice-over, music and captions.</p>

      {pageAlert ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-semibold">{pageAlert.title}</p>
          {pageAlert.description ? <p>{pageAlert.description}</p> : null}
        </div>
      ) : null}

      <div className="mt-6">
        <CreditsCard credits={credits} createHref={`/create-video?${createParams}`} onCreate={hydrated ? openDialog : undefined} />
      </div>

      {canCreate ? (
        <CreateVideoDialog open={open} hydrated={hydrated} credits={credits} titleId={titleId} onClose={closeDialog} initialFocus={scriptRef}>
          <ProductPageField key={requestId} initial={productPage} onFound={onProductPage} />
          <CreateVideoForm
            key={`${requestId}:${prefill.n}`}
            prefill={prefill.found}
            voices={voices}
            styles={styles}
            captions={captions}
            defaultVoiceId={defaultVoiceId}
            requestId={requestId}
            hydrated={hydrated}
            actionData={actionData}
            titleId={titleId}
            cancelHref="/create-video"
            onCancel={closeDialog}
            onCreated={onCreated}
            scriptRef={scriptRef}
          />
        </CreateVideoDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
