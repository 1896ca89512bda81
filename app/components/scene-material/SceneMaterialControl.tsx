// A scene's "Scene material" in both editors (ADR 330): one of the project's own photos or clips
// (its image and video assets), or "Generated picture" (none). A radio list with thumbnails
// (labelled; arrow keys choose, the button saves), posted to the page's action as intent
// "scene-material" {sceneId, assetId} (a fetcher with JavaScript, a plain post without).
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { useFetcherForm, type PageForm } from "~/components/ui/page-form";

export type MaterialOption = { id: string; url: string; name: string; kind: "photo" | "clip" };
export type MaterialResult = { ok: boolean; message?: string; error?: string };

/** A photo's or clip's thumbnail; `decorative` where a label beside it already names it. */
export function MediaThumb({ media, decorative = false }: { media: Pick<MaterialOption, "url" | "kind" | "name">; decorative?: boolean }) {
  const className = "h-14 w-20 shrink-0 rounded bg-slate-200 object-cover";
  return media.kind === "clip" ? (
    <video
      src={media.url}
      muted
      preload="metadata"
      className={className}
      {...(decorative ? { "aria-hidden": true } : { "aria-label": `Clip ${media.name}` })}
    />
  ) : (
    <img src={media.url} alt={decorative ? "" : media.name} className={className} />
  );
}

/** The badge of a scene that shows the brand's own photo or clip. */
export function OwnMaterialBadge({ kind }: { kind: "photo" | "clip" | null | undefined }) {
  if (kind === undefined) return null;
  return <Badge className="bg-purple-100 text-purple-800">{kind === "clip" ? "Own clip" : "Own photo"}</Badge>;
}

/** The project's photos and clips as options (its image and video assets, in their order). */
export function materialOptions(assets: readonly { id: string; url: string; name: string; type: string }[]): MaterialOption[] {
  return assets
    .filter((a) => a.type === "image" || a.type === "video")
    .map((a) => ({ id: a.id, url: a.url, name: a.name, kind: a.type === "image" ? "photo" : "clip" }));
}

type MaterialControlProps = {
  sceneId: string;
  /** The scene's sourceMediaUrl. */
  currentUrl: string | null;
  media: MaterialOption[];
  /** The page's answer to this scene's post without JavaScript. */
  posted?: MaterialResult;
  /** Where the page adds photos and clips. */
  hint: string;
  /** The form to post with (a page that keeps its scene cards as markup passes a plain one first); else a fetcher's. */
  form?: PageForm<MaterialResult>;
};

export function SceneMaterialControl(props: MaterialControlProps) {
  // Nothing to choose: the project has no photos or clips and the scene shows its generated picture.
  // The hint alone, not a form whose only choice is the current one (on a 50-scene page, 50 such forms).
  if (props.media.length === 0 && !props.currentUrl && !props.posted) {
    return (
      <details className="text-sm" data-testid="scene-material">
        <summary className="cursor-pointer text-slate-700">Scene material</summary>
        <p className="mt-2 text-xs text-slate-600">{props.hint}</p>
      </details>
    );
  }
  return props.form ? <SceneMaterialForm {...props} form={props.form} /> : <LiveMaterialForm {...props} />;
}

function LiveMaterialForm(props: MaterialControlProps) {
  const form = useFetcherForm<MaterialResult>();
  return <SceneMaterialForm {...props} form={form} />;
}

function SceneMaterialForm({ sceneId, currentUrl, media, posted, hint, form }: MaterialControlProps & { form: PageForm<MaterialResult> }) {
  const result = form.state === "idle" ? (form.data ?? posted) : undefined;
  const current = media.find((m) => m.url === currentUrl)?.id ?? "";
  const group = `material-${sceneId}`;
  return (
    <details className="text-sm" open={Boolean(posted)} data-testid="scene-material">
      <summary className="cursor-pointer text-slate-700">Scene material</summary>
      <form.Form method="post" className="mt-2 space-y-2" preventScrollReset>
        <input type="hidden" name="intent" value="scene-material" />
        <input type="hidden" name="sceneId" value={sceneId} />
        <fieldset className="space-y-1">
          <legend className="text-xs text-slate-600">What this scene shows</legend>
          <label className="flex items-center gap-2" htmlFor={`${group}-none`}>
            <input id={`${group}-none`} type="radio" name="assetId" value="" defaultChecked={current === ""} />
            Generated picture
          </label>
          {media.map((m) => (
            <label key={m.id} className="flex items-center gap-2" htmlFor={`${group}-${m.id}`}>
              <input id={`${group}-${m.id}`} type="radio" name="assetId" value={m.id} defaultChecked={current === m.id} />
              <MediaThumb media={m} decorative />
              <span className="min-w-0 truncate">{`${m.kind === "clip" ? "Clip" : "Photo"}: ${m.name}`}</span>
            </label>
          ))}
        </fieldset>
        {currentUrl && !current ? <p className="text-xs text-slate-600">This scene shows a photo or clip given to it before.</p> : null}
        {media.length === 0 ? <p className="text-xs text-slate-600">{hint}</p> : null}
        <Button type="submit" size="sm" variant="secondary" disabled={form.state !== "idle"}>
          Use for this scene
        </Button>
      </form.Form>
      {result ? (
        result.ok ? (
          <p role="status" className="text-sm text-green-700">
            {result.message}
          </p>
        ) : (
          <p role="alert" className="text-sm text-red-600">
            {result.error}
          </p>
        )
      ) : null}
    </details>
  );
}
