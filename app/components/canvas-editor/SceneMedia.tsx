// A scene's media in the detail panel: image, voice-over and video (upload, or generate with the
// cost shown first), their versions, and the background music.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Time } from "~/components/time/TimeZone";
import { Badge } from "~/components/ui/Badge";
import { Button, ButtonLink } from "~/components/ui/Button";
import { FileUpload } from "~/components/upload/FileUpload";
import { formatCredits } from "~/models/billing/prices";
import type { SceneAssetStates, SceneMediaStep } from "~/models/generation/scene-asset-steps";
import type { CanvasActionData, EditorQuote, EditorScene, EditorVersion } from "./editor-data";
import { useViewLink } from "./hooks";
import { MEDIA_LABELS, STEP_LABELS } from "./labels";
import { Notice } from "./Notice";

const COPIED_MS = 2000;

/** Copies a media URL; a tick for 2 s and the product's message ("{label} copied to clipboard"). */
function CopyUrl({ url, label }: { url: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), COPIED_MS);
    return () => clearTimeout(t);
  }, [state]);
  const copy = () => {
    const absolute = new URL(url, window.location.href).toString();
    if (!navigator.clipboard) return setState("failed");
    navigator.clipboard.writeText(absolute).then(
      () => setState("copied"),
      () => setState("failed"),
    );
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="ghost" size="sm" onClick={copy} aria-label={`Copy ${label} URL`}>
        {state === "copied" ? "✓" : "Copy URL"}
      </Button>
      <span role="status" className={state === "failed" ? "text-xs text-red-600" : "text-xs text-emerald-700"}>
        {state === "copied" ? `${label} copied to clipboard` : state === "failed" ? "Failed to copy to clipboard" : ""}
      </span>
    </span>
  );
}

function Versions({ scene, versions }: { scene: EditorScene; versions: EditorVersion[] }) {
  const fetcher = useFetcher<CanvasActionData>();
  if (versions.length < 2) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-slate-600">Versions ({versions.length})</summary>
      <ul className="mt-2 space-y-1">
        {versions.map((v) => (
          <li key={v.id} className="flex items-center gap-2">
            <a href={v.url} target="_blank" rel="noreferrer" className="flex-1 truncate underline-offset-2 hover:underline">
              <Time value={v.createdAt} /> · {v.source}
            </a>
            {v.current ? (
              <span className="text-xs text-emerald-700">current</span>
            ) : (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="restore-version" />
                <input type="hidden" name="sceneId" value={scene.id} />
                <input type="hidden" name="versionId" value={v.id} />
                <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== "idle"}>
                  Restore
                </Button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
      <Notice result={fetcher.data?.ok === false ? fetcher.data : undefined} />
    </details>
  );
}

const UPLOAD_KIND = { image: "image", video: "video", "voice-over": "audio" } as const;

function SceneUpload({ scene, step, ownerId }: { scene: EditorScene; step: SceneMediaStep; ownerId: string }) {
  const fetcher = useFetcher<CanvasActionData>();
  const kind = UPLOAD_KIND[step];
  return (
    <div>
      <FileUpload
        bucket="canvas-assets"
        label={`Upload ${STEP_LABELS[step].toLowerCase()}`}
        kinds={[kind]}
        params={{ sceneId: scene.id, kind, ownerId }}
        onUploaded={(file) => fetcher.submit({ intent: "scene-media", sceneId: scene.id, field: step, ref: file.ref }, { method: "post" })}
        error={fetcher.data?.ok === false ? fetcher.data.error : null}
      />
      <Notice result={fetcher.data?.ok ? fetcher.data : undefined} />
    </div>
  );
}

export function MediaAsset({
  scene,
  step,
  assets,
  versions,
  ownerId,
  asked,
}: {
  scene: EditorScene;
  step: SceneMediaStep;
  assets: SceneAssetStates;
  versions: EditorVersion[];
  ownerId: string;
  /** The cost the page was loaded with (?confirm=step), the no-JavaScript path. */
  asked: EditorQuote | null;
}) {
  const estimate = useFetcher<CanvasActionData>();
  const generate = useFetcher<CanvasActionData>();
  const link = useViewLink();
  const { pathname } = useLocation();
  const asset = assets[step];
  const regenerate = Boolean(asset.url);
  // The cost stays on screen from its estimate until the user confirms (or asks again).
  const [quoteOpen, setQuoteOpen] = useState(false);
  useEffect(() => setQuoteOpen(Boolean(estimate.data?.ok)), [estimate.data]);
  useEffect(() => {
    if (generate.state !== "idle") setQuoteOpen(false);
  }, [generate.state]);
  const fetched = quoteOpen && estimate.data?.ok ? estimate.data.estimate : undefined;
  const loaded = asked && asked.step === step && asked.sceneId === scene.id && !generate.data ? asked : undefined;
  const quote = fetched ?? loaded ?? undefined;
  // Without JavaScript the Generate button is a link to ?confirm=step (the loader prices it); with it a fetcher asks.
  const closeLink = link({ confirm: null });
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid={`asset-${step}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium text-slate-900">{STEP_LABELS[step]}</h4>
        {asset.stale ? <Badge className="bg-amber-100 text-amber-800">stale</Badge> : null}
        {asset.url ? <CopyUrl url={asset.url} label={STEP_LABELS[step]} /> : null}
      </div>
      {asset.url && step === "image" ? <img src={asset.url} alt={`Scene ${STEP_LABELS[step]}`} className="max-h-40 rounded" /> : null}
      {asset.url && step === "video" ? <video src={asset.url} controls className="max-h-48 w-full rounded" /> : null}
      {asset.url && step === "voice-over" ? <audio src={asset.url} controls className="w-full" /> : null}
      {!asset.url ? <p className="text-sm text-slate-500">None yet.</p> : null}
      <SceneUpload scene={scene} step={step} ownerId={ownerId} />
      {quote && quote.step === step && generate.state === "idle" ? (
        <generate.Form method="post" action={`${pathname}${closeLink}`} className="space-y-2">
          <input type="hidden" name="intent" value="generate" />
          <input type="hidden" name="sceneId" value={scene.id} />
          <input type="hidden" name="step" value={step} />
          {quote.regenerate ? <input type="hidden" name="regenerate" value="on" /> : null}
          {quote.blocked ? (
            <p className="text-sm text-red-600">{quote.blocked}</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                This costs {formatCredits(quote.credits)} credits (balance {formatCredits(quote.balance)}).
              </p>
              <Button type="submit" size="sm" disabled={!quote.enough}>
                Confirm
              </Button>
            </>
          )}
          <ButtonLink to={closeLink} replace preventScrollReset variant="ghost" size="sm" onClick={() => setQuoteOpen(false)}>
            Cancel
          </ButtonLink>
        </generate.Form>
      ) : (
        <ButtonLink
          to={link({ confirm: step })}
          preventScrollReset
          size="sm"
          variant="secondary"
          aria-disabled={estimate.state !== "idle" || undefined}
          onClick={(e) => {
            e.preventDefault();
            if (estimate.state !== "idle") return;
            const form = new FormData();
            form.set("intent", "estimate");
            form.set("sceneId", scene.id);
            form.set("step", step);
            if (regenerate) form.set("regenerate", "on");
            estimate.submit(form, { method: "post" });
          }}
        >
          {asset.stale ? "Regenerate" : regenerate ? "Regenerate" : `Generate ${STEP_LABELS[step].toLowerCase()}`}
        </ButtonLink>
      )}
      <Versions scene={scene} versions={versions.filter((v) => v.step === step)} />
      {generate.state === "idle" ? <Notice result={generate.data ?? (estimate.data?.ok === false ? estimate.data : undefined)} /> : null}
    </div>
  );
}

/** The scene's background music: upload or compose one (docs/decisions/170-scene-background-music.md). */
export function BackgroundMusic({ scene, ownerId }: { scene: EditorScene; ownerId: string }) {
  const upload = useFetcher<CanvasActionData>();
  const generate = useFetcher<CanvasActionData>();
  const url = scene.backgroundMusicUrl;
  const label = MEDIA_LABELS.backgroundMusic;
  const result = generate.state === "idle" ? generate.data : undefined;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="asset-music">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium text-slate-900">{label}</h4>
        {url ? <CopyUrl url={url} label={label} /> : null}
      </div>
      {url ? <audio src={url} controls className="w-full" aria-label={label} /> : <p className="text-sm text-slate-500">None yet.</p>}
      <FileUpload
        bucket="canvas-assets"
        label="Upload background music"
        kinds={["audio"]}
        params={{ sceneId: scene.id, kind: "audio", ownerId }}
        onUploaded={(file) => upload.submit({ intent: "scene-media", sceneId: scene.id, field: "backgroundMusic", ref: file.ref }, { method: "post" })}
        error={upload.data?.ok === false ? upload.data.error : null}
      />
      <generate.Form method="post">
        <input type="hidden" name="intent" value="generate-music" />
        <input type="hidden" name="sceneId" value={scene.id} />
        <Button type="submit" size="sm" variant="secondary" disabled={generate.state !== "idle"}>
          {generate.state !== "idle" ? "Generating…" : url ? "Regenerate music" : "Generate music"}
        </Button>
      </generate.Form>
      <Notice result={result ?? (upload.data?.ok ? upload.data : undefined)} />
    </div>
  );
}
