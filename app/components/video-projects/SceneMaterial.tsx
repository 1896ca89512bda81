// The brand's own photos and clips in the scene list editor (ADR 330): the project's photos and
// clips card (upload, with or without JavaScript: a plain multipart form), each scene's "Scene
// material" control (one of them, or a generated picture) and the badge of a scene that shows one.
import { MediaThumb, OwnMaterialBadge, SceneMaterialControl, type MaterialResult } from "~/components/scene-material/SceneMaterialControl";
import { plainForm, routePageForm, type PageForm } from "~/components/ui/page-form";
import { Button } from "~/components/ui/Button";
import { CLIP_ACCEPT, MEDIA_LIMITS, PHOTO_ACCEPT, PROJECT_MEDIA_HINT } from "~/models/stories/video-media";
import type { PageMedia, PageScene } from "./page-data";
import { ResultLine, resultOf, useHydrated, type ActionResult } from "./parts";

/** The file field of the photos and clips form (the route's PROJECT_MEDIA_FIELD). */
const MEDIA_FIELD = "media";

/**
 * The project's own photos and clips: thumbnails and the form that adds more (up to 8 photos and 4
 * clips). Before hydration a plain post to `action` (markup that may be kept); after, Remix's form.
 */
export function ProjectMediaCard({ media, actionData, action }: { media: PageMedia[]; actionData?: ActionResult; action: string }) {
  const form = useHydrated() ? routePageForm : plainForm<ActionResult>(action);
  const photos = media.filter((m) => m.kind === "photo").length;
  const clips = media.length - photos;
  return (
    <section id="project-media" className="space-y-2 rounded-xl bg-slate-50 p-3" aria-labelledby="project-media-title">
      <h4 id="project-media-title" className="text-sm font-semibold text-slate-800">
        Your photos and clips
      </h4>
      <p className="text-xs text-slate-600">{`${photos} of ${MEDIA_LIMITS.photo} photos, ${clips} of ${MEDIA_LIMITS.clip} clips. ${PROJECT_MEDIA_HINT}`}</p>
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
      <form.Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
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
          Upload photos or clips
        </Button>
      </form.Form>
      <ResultLine result={resultOf(undefined, actionData, "add-media")} />
    </section>
  );
}

/** The badge of a scene that shows the brand's own photo or clip. */
export function SceneMaterialBadge({ scene }: { scene: PageScene }) {
  return scene.material ? <OwnMaterialBadge kind={scene.material.kind} /> : null;
}

/** A scene's "Scene material" control on this page. */
export function SceneMaterial({
  scene,
  media,
  actionData,
  form,
}: {
  scene: PageScene;
  media: PageMedia[];
  actionData?: ActionResult;
  form: PageForm<MaterialResult>;
}) {
  const result = resultOf(undefined, actionData, "scene-material");
  const mine = result && "sceneId" in result && result.sceneId === scene.id ? result : undefined;
  return (
    <SceneMaterialControl
      sceneId={scene.id}
      currentUrl={scene.material?.url ?? null}
      media={media}
      posted={mine}
      hint='Add photos or clips under "Your photos and clips" to choose one.'
      form={form}
    />
  );
}
