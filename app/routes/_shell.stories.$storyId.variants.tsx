// /stories/{storyId}/variants (signed in; the story's owner or an admin): "Make another size" and
// "Make variants" of a finished video (docs/product.md#another-size-and-variants,
// docs/decisions/215-story-variants.md). Every price is shown before anything is charged: each
// size's button carries its price, and variants are reviewed (intent "quote": the total) before
// they are confirmed (intent "create", with the total the user saw). The action is a thin door
// onto app/models/stories/story-variants.server.ts; it works without JavaScript (plain form posts).
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { buttonClasses } from "~/components/ui/Button";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { actorFromUser, requireUser } from "~/models/access";
import { balanceOf, formatCredits } from "~/models/billing";
import {
  quoteStoryVariants,
  requestStoryVariants,
  storyVariantOptions,
  type RequestVariantsResult,
  type VariantQuote,
  type VariantSpec,
} from "~/models/stories";
import { ASPECT_RATIO_INVALID, ASPECT_RATIOS, MAX_STORY_VARIANTS, STORY_ASPECT_RATIOS } from "~/models/stories/video-request-rules";
import { setFlash } from "~/utils/flash.server";
import { field } from "~/utils/form-fields";
import { readForm } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Another size or variants — Reelforge" }];

const ROWS = Array.from({ length: MAX_STORY_VARIANTS }, (_, i) => i + 1);

const STORY_ID = field.intId("The story id");

function storyIdOf(params: LoaderFunctionArgs["params"]): number {
  const parsed = STORY_ID.safeParse(params.storyId);
  if (!parsed.success) throw new Response("Story not found", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const storyId = storyIdOf(params);
  const viewer = actorFromUser(user, "web");
  const result = await storyVariantOptions(viewer, storyId);
  if (!result.ok && result.code === "not_found") throw new Response("Story not found", { status: 404 });
  const balance = await balanceOf(viewer).catch(() => null);
  // One request id per offer: each size and the variants form are separate requests.
  const requestIds = Object.fromEntries([...ASPECT_RATIOS, "variants"].map((k) => [k, randomUUID()]));
  return { result, balance, requestIds };
}

const ratio = field.optional(z.enum(ASPECT_RATIOS, { error: ASPECT_RATIO_INVALID }));
const rowFields = Object.fromEntries(
  ROWS.flatMap((i) => [
    [`ratio${i}`, ratio],
    [`style${i}`, field.optional(field.intId("The style"))],
    [`hook${i}`, field.optional(field.line({ max: 200, label: "The hook" }))],
  ]),
) as Record<string, z.ZodType<string | number | undefined>>;

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("size"), aspectRatio: z.enum(ASPECT_RATIOS, { error: ASPECT_RATIO_INVALID }), requestId: field.uuid("The request id") }),
  z.object({ intent: z.literal("quote"), ...rowFields }),
  z.object({
    intent: z.literal("create"),
    requestId: field.uuid("The request id"),
    expectedTotal: z
      .string()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: "The total is not valid." })
      .transform(Number),
    ...rowFields,
  }),
]);

/** The filled rows of the variants form, in order (a row left at "same" everywhere is skipped). */
function specsOf(input: Record<string, unknown>): VariantSpec[] {
  return ROWS.flatMap((i) => {
    const spec: VariantSpec = {
      aspectRatio: (input[`ratio${i}`] as string | undefined) ?? null,
      storyTypeId: (input[`style${i}`] as number | undefined) ?? null,
      hook: (input[`hook${i}`] as string | undefined) ?? null,
    };
    return spec.aspectRatio || spec.storyTypeId || spec.hook ? [spec] : [];
  });
}

export type VariantsActionData =
  { intent: "quote"; ok: true; variants: VariantQuote[]; total: number; fields: Record<string, string> } | { ok: false; error: string };

function failure(result: Exclude<RequestVariantsResult, { ok: true }>) {
  switch (result.code) {
    case "not_found":
      throw new Response("Story not found", { status: 404 });
    case "not_ready":
      return data<VariantsActionData>({ ok: false, error: result.message }, { status: 409 });
    case "insufficient_credits":
      return data<VariantsActionData>({ ok: false, error: result.message }, { status: 402 });
    case "invalid":
      return data<VariantsActionData>({ ok: false, error: result.message }, { status: 400 });
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const actor = actorFromUser(user, "web");
  const storyId = storyIdOf(params);
  const parsed = await readForm(request, actionSchema);
  if (!parsed.ok) return data<VariantsActionData>({ ok: false, error: parsed.formError }, { status: 400 });
  const input = parsed.data;

  if (input.intent === "quote") {
    const quote = await quoteStoryVariants(actor, storyId, specsOf(input));
    if (!quote.ok) return failure(quote);
    const fields: Record<string, string> = {};
    for (const [name, value] of parsed.form.entries()) if (name !== "intent" && typeof value === "string") fields[name] = value;
    return data<VariantsActionData>({ intent: "quote", ok: true, variants: quote.variants, total: quote.total, fields });
  }

  const variants = input.intent === "size" ? [{ aspectRatio: input.aspectRatio }] : specsOf(input);
  const result = await requestStoryVariants(actor, {
    storyId,
    variants,
    requestId: input.requestId,
    expectedTotal: input.intent === "create" ? input.expectedTotal : null,
  });
  if (!result.ok) return failure(result);
  const title = input.intent === "size" ? "Your video is being made in another size" : "Your variants are being made";
  return redirect("/", { headers: { "Set-Cookie": await setFlash({ kind: "success", title }) } });
}

function ratioName(id: string): string {
  return STORY_ASPECT_RATIOS.find((r) => r.id === id)?.name ?? id;
}

export default function StoryVariants() {
  const { result, balance, requestIds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as VariantsActionData | undefined;
  const busy = useNavigation().state === "submitting";

  if (!result.ok) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-4 p-4">
        <Link to="/" className="text-sm text-brand-700 underline">
          Back to Dashboard
        </Link>
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          {result.message}
        </p>
      </div>
    );
  }
  const { story, sizes, styles } = result.options;
  const quote = actionData && "intent" in actionData ? actionData : null;
  const error = actionData && !actionData.ok ? actionData.error : null;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 p-4">
      <Link to="/" className="text-sm text-brand-700 underline">
        Back to Dashboard
      </Link>
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-semibold text-slate-900">Another size or variants</h1>
        <p className="text-sm text-slate-600">
          Story #{story.id}
          {story.title ? `: ${story.title}` : ""} — {ratioName(story.aspectRatio)}
          {story.styleName ? `, ${story.styleName}` : ""}. The voice-over and the product images are reused; you pay only for what is made again.
        </p>
        {balance !== null ? <p className="text-sm text-slate-600">Available Credits: {formatCredits(balance)}</p> : null}
      </header>

      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}

      <section aria-labelledby="size-heading" id="size" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="size-heading" className="font-semibold text-slate-900">
          Make another size
        </h2>
        <p className="text-sm text-slate-600">The same ad, laid out for another screen.</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {sizes.map((s) => (
            <Form method="post" key={s.aspectRatio}>
              <input type="hidden" name="intent" value="size" />
              <input type="hidden" name="aspectRatio" value={s.aspectRatio} />
              <input type="hidden" name="requestId" value={requestIds[s.aspectRatio]} />
              <button type="submit" disabled={busy} className={buttonClasses("secondary", "md", "w-full sm:w-auto")}>
                Make {ratioName(s.aspectRatio)} ({formatCredits(s.credits)} credits)
              </button>
            </Form>
          ))}
        </div>
      </section>

      <section aria-labelledby="variants-heading" id="variants" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="variants-heading" className="font-semibold text-slate-900">
          Make variants
        </h2>
        <p className="text-sm text-slate-600">
          Up to {MAX_STORY_VARIANTS} versions that differ in aspect ratio, style or hook (the first line, spoken and shown). Leave a row as it is to skip it.
        </p>
        <Form method="post" className="flex flex-col gap-4">
          {ROWS.map((i) => (
            <fieldset key={i} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-3">
              <legend className="px-1 text-sm font-medium text-slate-800">Variant {i}</legend>
              <label className="flex flex-col gap-1 text-sm text-slate-700">
                Aspect ratio
                <select name={`ratio${i}`} defaultValue={quote?.fields[`ratio${i}`] ?? ""} className="h-10 rounded-lg border border-slate-300 bg-white px-2">
                  <option value="">Same as original</option>
                  {STORY_ASPECT_RATIOS.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm text-slate-700">
                Style
                <select name={`style${i}`} defaultValue={quote?.fields[`style${i}`] ?? ""} className="h-10 rounded-lg border border-slate-300 bg-white px-2">
                  <option value="">Same as original</option>
                  {styles.map((s) => (
                    <option key={s.id} value={String(s.id)}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-sm text-slate-700">
                New hook (optional)
                <input
                  name={`hook${i}`}
                  maxLength={200}
                  defaultValue={quote?.fields[`hook${i}`] ?? ""}
                  className="h-10 rounded-lg border border-slate-300 px-2"
                />
              </label>
            </fieldset>
          ))}
          {quote ? (
            <div className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" aria-live="polite">
              <ul className="list-disc pl-5">
                {quote.variants.map((v, n) => (
                  <li key={n}>
                    {v.label}: {formatCredits(v.credits)} credits
                  </li>
                ))}
              </ul>
              <p className="font-semibold">
                Total: {formatCredits(quote.total)} credits for {quote.variants.length} {quote.variants.length === 1 ? "variant" : "variants"}
              </p>
              <input type="hidden" name="expectedTotal" value={String(quote.total)} />
              <input type="hidden" name="requestId" value={requestIds.variants} />
            </div>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" name="intent" value="quote" disabled={busy} className={buttonClasses(quote ? "secondary" : "primary", "md")}>
              {quote ? "Update price" : "Show price"}
            </button>
            {quote ? (
              <button type="submit" name="intent" value="create" disabled={busy} className={buttonClasses("primary", "md")}>
                Make {quote.variants.length} {quote.variants.length === 1 ? "variant" : "variants"} ({formatCredits(quote.total)} credits)
              </button>
            ) : null}
          </div>
        </Form>
      </section>
    </div>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
