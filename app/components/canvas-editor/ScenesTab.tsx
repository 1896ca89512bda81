// The canvas editor's Scenes tab: the scenes in order, each a link that opens it in the detail
// panel, with Delete (confirmed first) and Add Scene.
import { useFetcher, useLocation } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/Button";
import type { CanvasActionData, EditorScene } from "./editor-data";
import { useViewLink } from "./hooks";
import { DELETE_SCENE_QUESTION, sceneLabel } from "./labels";
import { Notice } from "./Notice";
import { AppLink } from "~/components/ui/AppLink";

const PREVIEW_CHARS = 60;

function SceneRowItem({ scene, selected, confirming }: { scene: EditorScene; selected: boolean; confirming: boolean }) {
  const fetcher = useFetcher<CanvasActionData>();
  const link = useViewLink();
  const { pathname } = useLocation();
  // Gone at once; back, with the reason, when the delete fails.
  if (fetcher.state !== "idle") return null;
  const failed = fetcher.data?.ok === false ? fetcher.data : undefined;
  const preview = scene.voiceOverText ? scene.voiceOverText.slice(0, PREVIEW_CHARS) : "No content";
  const afterDelete = link({ confirmDelete: null, ...(selected ? { scene: null } : {}) });
  return (
    <li className={`rounded-lg border p-3 ${selected ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white"}`}>
      <div className="flex items-start gap-2">
        <AppLink
          to={pathname + link({ scene: scene.id, panel: "open", confirmDelete: null })}
          className="min-w-0 flex-1"
          aria-current={selected ? "true" : undefined}
        >
          <p className="truncate font-medium text-slate-900">{sceneLabel(scene)}</p>
          <p className="truncate text-sm text-slate-600">{preview}</p>
          <p className={`text-xs ${scene.imagePrompt ? "text-emerald-700" : "text-slate-600"}`}>{scene.imagePrompt ? "✓ Image prompt" : "✗ No image prompt"}</p>
          {failed ? (
            <p role="alert" className="text-sm text-red-600">
              {failed.error}
            </p>
          ) : null}
        </AppLink>
        {confirming ? null : (
          // Without JavaScript a link to the confirm step (?confirmDelete=); with it the browser's confirm asks.
          <ButtonLink
            to={link({ confirmDelete: scene.id })}
            preventScrollReset
            variant="ghost"
            size="sm"
            aria-label={`Delete scene ${sceneLabel(scene)}`}
            onClick={(e) => {
              e.preventDefault();
              if (!window.confirm(DELETE_SCENE_QUESTION)) return;
              fetcher.submit({ intent: "delete-scene", sceneId: scene.id }, { method: "post", action: `${pathname}${afterDelete}` });
            }}
          >
            Delete
          </ButtonLink>
        )}
      </div>
      {confirming ? (
        <fetcher.Form
          method="post"
          action={`${pathname}${afterDelete}`}
          className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-2"
          role="group"
          aria-label="Confirm delete"
        >
          <p className="text-sm text-red-900">{DELETE_SCENE_QUESTION}</p>
          <input type="hidden" name="intent" value="delete-scene" />
          <input type="hidden" name="sceneId" value={scene.id} />
          <Button type="submit" variant="danger" size="sm" aria-label={`Delete scene ${sceneLabel(scene)} now`}>
            Delete
          </Button>
          <ButtonLink to={link({ confirmDelete: null })} replace preventScrollReset variant="ghost" size="sm">
            Cancel
          </ButtonLink>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

export function ScenesTab({ scenes, selectedId, confirmDelete }: { scenes: EditorScene[]; selectedId: string | undefined; confirmDelete: string | undefined }) {
  const add = useFetcher<CanvasActionData>();
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold text-slate-900">Scenes ({scenes.length})</h2>
        <add.Form method="post">
          <input type="hidden" name="intent" value="add-scene" />
          <Button type="submit" variant="ghost" size="sm" aria-label="Add scene" title="Add scene" disabled={add.state !== "idle"}>
            +
          </Button>
        </add.Form>
      </div>
      {scenes.length === 0 ? <p className="text-sm text-slate-600">No scenes yet. Divide the script or add one.</p> : null}
      <ul className="space-y-2">
        {scenes.map((s) => (
          <SceneRowItem key={s.id} scene={s} selected={s.id === selectedId} confirming={s.id === confirmDelete} />
        ))}
      </ul>
      <add.Form method="post">
        <input type="hidden" name="intent" value="add-scene" />
        <Button type="submit" variant="secondary" disabled={add.state !== "idle"}>
          Add Scene
        </Button>
      </add.Form>
      <Notice result={add.data?.ok === false ? add.data : undefined} />
    </div>
  );
}
