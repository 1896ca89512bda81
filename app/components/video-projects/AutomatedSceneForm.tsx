// Automated Scene Creation (docs/product.md#video-projects, ADR 178): a product image (images
// only) and a description; "Create Scene Automatically" posts both to the page's action (works
// without JavaScript), which makes the scene and starts its generation, then opens the page on
// that scene's progress. The eight steps show their real state, read from the scene by the
// loader and refreshed by the live stream while the workflow runs.
import { plainForm, useFetcherForm, type PageForm } from "~/components/ui/page-form";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/Button";
import { ErrorLine, input, resultOf, useHydrated, type ActionResult } from "./parts";

type StepState = "done" | "running" | "pending" | "failed";

export type PageAutomation = {
  costLabel: string;
  progress: {
    sceneId: string;
    status: "running" | "completed" | "failed";
    message: string;
    error: string | null;
    steps: { key: string; label: string; state: StepState }[];
    scene: { title: string; description: string | null; imageUrl: string | null; videoUrl: string | null };
  } | null;
};

const MARK: Record<StepState, { icon: string; className: string; words: string }> = {
  done: { icon: "✓", className: "text-green-700", words: "done" },
  running: { icon: "…", className: "text-brand-700 font-medium", words: "in progress" },
  pending: { icon: "○", className: "text-slate-400", words: "waiting" },
  failed: { icon: "✗", className: "text-red-700 font-medium", words: "failed" },
};

/** The first step's line while the form uploads (the rest happen once the request arrives). */
const UPLOADING = "Uploading product image...";
const FAILED = "Failed to create scene";

type AutomatedSceneProps = { automation: PageAutomation; actionData?: ActionResult; action: string };

/** Before hydration a plain post to `action` (markup that may be kept); after, a fetcher's form. */
export function AutomatedSceneForm(props: AutomatedSceneProps) {
  const hydrated = useHydrated();
  if (hydrated) return <LiveAutomatedSceneForm {...props} />;
  return <AutomatedSceneBody {...props} form={plainForm(props.action)} picked={null} />;
}

function LiveAutomatedSceneForm(props: AutomatedSceneProps) {
  const form = useFetcherForm<ActionResult>();
  const [hasImage, setHasImage] = useState(false);
  const createdId = props.automation.progress?.sceneId ?? null;
  useEffect(() => setHasImage(false), [createdId]);
  return <AutomatedSceneBody {...props} form={form} picked={{ hasImage, setHasImage }} />;
}

function AutomatedSceneBody({
  automation,
  actionData,
  form,
  picked,
}: AutomatedSceneProps & {
  form: PageForm<ActionResult>;
  /** With JavaScript: whether an image is chosen (the button waits for one). */
  picked: { hasImage: boolean; setHasImage: (has: boolean) => void } | null;
}) {
  const refused = resultOf(form.data, actionData, "create-scene-auto");
  const submitting = form.state === "submitting";
  const progress = submitting ? null : automation.progress;
  const running = submitting || form.state === "loading" || progress?.status === "running";
  const message = submitting ? UPLOADING : refused && !refused.ok ? FAILED : progress?.message;
  const waiting = picked !== null && !picked.hasImage;
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 p-3" aria-labelledby="auto-scene-title">
      <h3 id="auto-scene-title" className="text-sm font-semibold text-slate-800">
        Automated Scene Creation
      </h3>
      {/* A new form (picker emptied) for each scene created. */}
      <form.Form key={automation.progress?.sceneId ?? "new"} method="post" encType="multipart/form-data" className="space-y-3">
        <input type="hidden" name="intent" value="create-scene-auto" />
        <label className="block text-sm font-medium text-slate-700">
          Product image
          <input
            type="file"
            name="image"
            accept="image/*"
            required
            aria-describedby="auto-scene-image-hint"
            onChange={(e) => picked?.setHasImage(Boolean(e.currentTarget.files?.length))}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
          />
        </label>
        {waiting ? (
          <p id="auto-scene-image-hint" className="text-xs text-slate-500">
            Product image is required
          </p>
        ) : null}
        <label className="block text-sm font-medium text-slate-700">
          Describe the scene
          <textarea name="description" rows={3} maxLength={20_000} placeholder="Describe the scene you want to create..." className={`mt-1 ${input}`} />
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" disabled={running || waiting}>
            {running ? "Creating Scene..." : "Create Scene Automatically"}
          </Button>
          <span className="text-xs text-slate-500">{`Cost: ${automation.costLabel} credits (image, script, voice-over and video)`}</span>
        </div>
      </form.Form>
      {message ? (
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="auto-scene-message">
          {message}
        </p>
      ) : null}
      {refused && !refused.ok ? <ErrorLine message={refused.error} /> : null}
      {progress ? (
        <>
          <ol className="grid gap-1 text-sm sm:grid-cols-2" aria-label="Steps">
            {progress.steps.map((step, i) => (
              <li key={step.key} className={MARK[step.state].className} data-state={step.state}>
                <span aria-hidden="true">{MARK[step.state].icon}</span> {i + 1}. {step.label.replace(/\.\.\.$/, "")}
                <span className="sr-only"> ({MARK[step.state].words})</span>
              </li>
            ))}
          </ol>
          {progress.status === "failed" ? <ErrorLine message={progress.error} /> : null}
          {progress.status === "completed" ? <ResultCard scene={progress.scene} /> : null}
        </>
      ) : null}
    </section>
  );
}

function ResultCard({ scene }: { scene: NonNullable<PageAutomation["progress"]>["scene"] }) {
  return (
    <div className="space-y-2 rounded-xl bg-slate-50 p-3" data-testid="auto-scene-result">
      <p className="font-medium text-slate-900">{scene.title || "Untitled scene"}</p>
      {scene.description ? <p className="text-sm text-slate-600">{scene.description}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {scene.imageUrl ? (
          <img src={scene.imageUrl} alt={`The new scene ${scene.title}`.trim()} className="max-h-64 w-full rounded-lg bg-white object-contain" />
        ) : null}
        {scene.videoUrl ? (
          <video src={scene.videoUrl} controls playsInline className="max-h-64 w-full rounded-lg bg-black object-contain" data-testid="auto-scene-video">
            <track kind="captions" />
          </video>
        ) : null}
      </div>
    </div>
  );
}
