// The canvas editor's detail panel: the selected scene's text fields (each saved on its own) and
// its media.
import { useFetcher } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { SCENE_MEDIA_STEPS } from "~/models/generation/scene-asset-steps";
import type { CanvasActionData, EditorQuote, EditorScene, EditorVersion } from "./editor-data";
import { useHydrated, useOptimisticValue } from "./hooks";
import { FIELD_LABELS, sceneLabel } from "./labels";
import { BackgroundMusic, MediaAsset } from "./SceneMedia";
import { OwnMaterialBadge, SceneMaterialControl, type MaterialOption } from "~/components/scene-material/SceneMaterialControl";
import { sceneMaterialKind } from "~/models/stories/video-media";

function SceneField({ scene, name, multiline }: { scene: EditorScene; name: keyof typeof FIELD_LABELS; multiline?: boolean }) {
  const fetcher = useFetcher<CanvasActionData>();
  const saved = scene[name];
  const { value, setValue, failed } = useOptimisticValue(saved, fetcher);
  const hydrated = useHydrated();
  const id = `scene-${name}`;
  const error = failed?.error;
  return (
    <fetcher.Form method="post" className="space-y-1">
      <input type="hidden" name="intent" value="edit-scene" />
      <input type="hidden" name="sceneId" value={scene.id} />
      <input type="hidden" name="field" value={name} />
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {FIELD_LABELS[name]}
      </label>
      {multiline ? (
        <textarea
          id={id}
          name="value"
          rows={4}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      ) : (
        <input
          id={id}
          name="value"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      )}
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" disabled={hydrated && (value === saved || fetcher.state !== "idle")}>
          Save
        </Button>
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : fetcher.state === "idle" && fetcher.data?.ok && value === saved ? (
          <p role="status" className="text-sm text-emerald-700">
            {fetcher.data.message}
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

export function SceneDetail({
  scene,
  versions,
  ownerId,
  quote,
  media,
}: {
  scene: EditorScene | undefined;
  versions: EditorVersion[];
  ownerId: string;
  quote: EditorQuote | null;
  /** The project's own photos and clips a scene may show. */
  media: MaterialOption[];
}) {
  if (!scene) {
    return (
      <div className="p-4 text-center">
        <h2 className="font-semibold text-slate-900">No Scene Selected</h2>
        <p className="mt-1 text-sm text-slate-600">Select a scene from the list to view details and edit assets.</p>
      </div>
    );
  }
  // "Complete" when the scene has a video (docs/product.md#canvas-editor).
  const complete = Boolean(scene.assets.video.url);
  return (
    <div key={scene.id} className="space-y-5 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="truncate font-semibold text-slate-900">{sceneLabel(scene)}</h2>
        <div className="flex flex-wrap gap-1">
          {scene.sourceMediaUrl ? <OwnMaterialBadge kind={sceneMaterialKind(scene.sourceMediaUrl)} /> : null}
          <Badge className={complete ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-800"}>{complete ? "Complete" : "In Progress"}</Badge>
        </div>
      </div>
      <section className="space-y-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Basic Information</h3>
        <SceneField scene={scene} name="title" />
        <SceneField scene={scene} name="description" multiline />
      </section>
      <section className="space-y-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Script &amp; Voice Over</h3>
        <SceneField scene={scene} name="script" multiline />
        <SceneField scene={scene} name="voiceOverText" multiline />
        <SceneField scene={scene} name="imagePrompt" multiline />
      </section>
      <section className="space-y-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Media Assets</h3>
        <SceneMaterialControl
          sceneId={scene.id}
          currentUrl={scene.sourceMediaUrl}
          media={media}
          hint="Add photos or clips under Project assets in the Script tab to choose one."
        />
        {SCENE_MEDIA_STEPS.map((step) => (
          <MediaAsset key={step} scene={scene} step={step} assets={scene.assets} versions={versions} ownerId={ownerId} asked={quote} />
        ))}
        <BackgroundMusic scene={scene} ownerId={ownerId} />
      </section>
    </div>
  );
}
