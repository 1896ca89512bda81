// The brand's own photos and clips in the scene list editor (ADR 330): the project's photos and
// clips card (upload, with or without JavaScript: a plain multipart form), each scene's "Scene
// material" control (one of them, or a generated picture) and the badge of a scene that shows one.
import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { CLIP_ACCEPT, MEDIA_LIMITS, PHOTO_ACCEPT } from "~/models/stories/video-media";
import type { PageMedia, PageScene } from "./page-data";
import { ErrorLine, resultOf, type ActionResult } from "./parts";

/** The file field of the photos and clips form (the route's PROJECT_MEDIA_FIELD). */
const MEDIA_FIELD = "media";

function Result({ result }: { result: ActionResult | undefined }) {
  if (!result) return null;
  return result.ok ? (
    <p role="status" className="text-sm text-green-700">
      {result.message}
    </p>
  ) : (
    <ErrorLine message={result.error} />
  );
}

/** The project's own photos and clips: thumbnails and the form that adds more (up to 8 photos and 4 clips). */
export function ProjectMediaCard({ media, actionData }: { media: PageMedia[]; actionData?: ActionResult }) {
  const photos = media.filter((m) => m.kind === "photo").length;
  const clips = media.length - photos;
  return (
    <section id="project-media" className="space-y-2 rounded-xl bg-slate-50 p-3" aria-labelledby="project-media-title">
      <h4 id="project-media-title" className="text-sm font-semibold text-slate-800">
        Your photos and clips
      </h4>
      <p className="text-xs text-slate-600">
        {photos} of {MEDIA_LIMITS.photo} photos, {clips} of {MEDIA_LIMITS.clip} clips (MP4, MOV or WebM, up to 60 seconds). Choose one for a scene under
        &quot;Scene material&quot;.
      </p>
      {media.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Project photos and clips">
          {media.map((m) => (
            <li key={m.id} className="w-20">
              <MediaThumb media={m} />
              <span className="block truncate text-xs text-slate-600">{m.name}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="add-media" />
        <label className="block text-sm font-medium text-slate-700">
          Add photos or clips
          <input
            type="file"
            name={MEDIA_FIELD}
            multiple
            accept={`${PHOTO_ACCEPT},${CLIP_ACCEPT}`}
            className="mt-1 block w-full max-w-xs text-sm text-slate-700"
          />
        </label>
        <Button type="submit" size="sm" variant="secondary">
          Add
        </Button>
      </Form>
      <Result result={resultOf(undefined, actionData, "add-media")} />
    </section>
  );
}

/** A photo's or clip's thumbnail; `decorative` where a label beside it already names it. */
function MediaThumb({ media, decorative = false }: { media: Pick<PageMedia, "url" | "kind" | "name">; decorative?: boolean }) {
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
export function OwnMaterialBadge({ scene }: { scene: PageScene }) {
  if (!scene.material) return null;
  return <Badge className="bg-purple-100 text-purple-800">{scene.material.kind === "clip" ? "Own clip" : "Own photo"}</Badge>;
}

/**
 * A scene's material: one of the project's photos or clips, or a generated picture. A radio list
 * (keyboard: arrows choose, the button saves) posted to the page's action, with or without JavaScript.
 */
export function SceneMaterialControl({ scene, media, actionData }: { scene: PageScene; media: PageMedia[]; actionData?: ActionResult }) {
  const result = resultOf(undefined, actionData, "scene-material");
  const mine = result && "sceneId" in result && result.sceneId === scene.id ? result : undefined;
  const current = media.find((m) => m.url === scene.material?.url)?.id ?? "";
  const group = `material-${scene.id}`;
  return (
    <details className="text-sm" open={Boolean(mine)}>
      <summary className="cursor-pointer text-slate-700">Scene material</summary>
      <Form method="post" className="mt-2 space-y-2" preventScrollReset>
        <input type="hidden" name="intent" value="scene-material" />
        <input type="hidden" name="sceneId" value={scene.id} />
        <fieldset className="space-y-1">
          <legend className="text-xs text-slate-600">What this scene shows</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="assetId" value="" defaultChecked={current === ""} />
            Generated picture
          </label>
          {media.map((m) => (
            <label key={m.id} className="flex items-center gap-2" htmlFor={`${group}-${m.id}`}>
              <input id={`${group}-${m.id}`} type="radio" name="assetId" value={m.id} defaultChecked={current === m.id} />
              <MediaThumb media={m} decorative />
              <span className="truncate">
                {m.kind === "clip" ? "Clip" : "Photo"}: {m.name}
              </span>
            </label>
          ))}
        </fieldset>
        {scene.material && !current ? <p className="text-xs text-slate-600">This scene shows a photo or clip given to it before.</p> : null}
        {media.length === 0 ? <p className="text-xs text-slate-600">Add photos or clips under &quot;Your photos and clips&quot; to choose one.</p> : null}
        <Button type="submit" size="sm" variant="secondary">
          Use for this scene
        </Button>
      </Form>
      <Result result={mine} />
    </details>
  );
}
