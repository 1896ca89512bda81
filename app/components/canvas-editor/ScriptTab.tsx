// The canvas editor's Script tab: the main product image, the project's assets, the full script
// and Divide into Scenes.
import { Form, useFetcher } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { FileUpload } from "~/components/upload/FileUpload";
import { MultiFileUpload } from "~/components/upload/MultiFileUpload";
import { EDITOR_LIMITS } from "~/models/projects/editor-rules";
import { PROJECT_MEDIA_HINT } from "~/models/stories/video-media";
import type { CanvasActionData, CanvasEditorData, EditorProject } from "./editor-data";
import { useHydrated, useOptimisticValue } from "./hooks";
import { UPLOAD_FIELDS } from "./labels";
import { Notice } from "./Notice";

function MainImage({ project }: { project: EditorProject }) {
  const fetcher = useFetcher<CanvasActionData>();
  const submit = (ref: string) => fetcher.submit({ intent: "main-image", ref }, { method: "post" });
  const hydrated = useHydrated();
  return (
    <div className="space-y-2">
      {/* Without JavaScript the file posts with this form (multipart); with it FileUpload sends it at once. */}
      <Form method="post" encType="multipart/form-data" className="space-y-2">
        <input type="hidden" name="intent" value="main-image" />
        <FileUpload
          name={UPLOAD_FIELDS["main-image"]}
          key={project.mainProductImageUrl ?? "none"}
          bucket="project-images"
          label="Main image"
          kinds={["image"]}
          params={{
            projectId: project.id,
            purpose: "main",
            ownerId: project.userId,
          }}
          current={
            project.mainProductImageUrl
              ? {
                  url: project.mainProductImageUrl,
                  contentType: "image/*",
                  name: "Main image",
                }
              : null
          }
          onUploaded={(file) => submit(file.ref)}
          error={fetcher.data?.ok === false ? fetcher.data.error : null}
        />
        {hydrated ? null : (
          <Button type="submit" size="sm" variant="secondary">
            Upload main image
          </Button>
        )}
      </Form>
      {project.mainProductImageUrl ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="main-image" />
          <input type="hidden" name="ref" value="" />
          <Button type="submit" variant="ghost" size="sm">
            Remove main image
          </Button>
        </fetcher.Form>
      ) : null}
      {/* "Main project image updated successfully" / "Main project image removed" (the failure shows in the picker). */}
      {fetcher.state === "idle" && fetcher.data?.ok ? <Notice result={fetcher.data} /> : null}
    </div>
  );
}

function ProjectAssets({ project, assets }: { project: EditorProject; assets: CanvasEditorData["assets"] }) {
  const add = useFetcher<CanvasActionData>();
  const remove = useFetcher<CanvasActionData>();
  const removing = remove.state !== "idle" ? remove.formData?.get("assetId") : null;
  const hydrated = useHydrated();
  return (
    <section className="space-y-2" aria-labelledby="project-assets">
      <h3 id="project-assets" className="text-sm font-medium text-slate-700">
        Project assets ({assets.length})
      </h3>
      {assets.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {assets
            .filter((a) => a.id !== removing)
            .map((a) => (
              <li key={a.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                {a.type === "image" ? <img src={a.url} alt="" className="h-10 w-10 rounded object-cover" /> : null}
                <a href={a.url} target="_blank" rel="noreferrer" className="min-w-0 flex-1 truncate text-slate-800 underline-offset-2 hover:underline">
                  {a.name}
                </a>
                <span className="text-xs text-slate-500">{a.type}</span>
                <remove.Form method="post">
                  <input type="hidden" name="intent" value="remove-asset" />
                  <input type="hidden" name="assetId" value={a.id} />
                  <Button type="submit" variant="ghost" size="sm" aria-label={`Remove ${a.name}`}>
                    Remove
                  </Button>
                </remove.Form>
              </li>
            ))}
        </ul>
      ) : null}
      <p className="text-xs text-slate-600">{PROJECT_MEDIA_HINT}</p>
      {/* Without JavaScript the files post with this form (multipart); with it each goes up by XHR first (ADR 172). */}
      <Form method="post" encType="multipart/form-data" className="space-y-2">
        <input type="hidden" name="intent" value="add-assets" />
        <MultiFileUpload
          name={UPLOAD_FIELDS["add-assets"]}
          bucket="project-images"
          label="Add images, videos or audio files"
          kinds={["image", "video", "audio"]}
          params={{ projectId: project.id, purpose: "asset", ownerId: project.userId }}
          // Every file of one pick is saved in one go (one request, all or nothing in the core).
          onUploaded={(files) => add.submit(new URLSearchParams([["intent", "add-assets"], ...files.map((f) => ["ref", f.ref])]), { method: "post" })}
          error={
            add.state === "idle" && add.data?.ok === false ? add.data.error : remove.state === "idle" && remove.data?.ok === false ? remove.data.error : null
          }
        />
        {hydrated ? null : (
          <Button type="submit" size="sm" variant="secondary">
            Upload assets
          </Button>
        )}
      </Form>
      {add.state === "idle" && add.data?.ok ? <Notice result={add.data} /> : null}
      {/* 'Asset "{name}" removed.' (a failure shows under the picker). */}
      {remove.state === "idle" && remove.data?.ok ? <Notice result={remove.data} /> : null}
    </section>
  );
}

export function ScriptTab({ project, sceneCount, assets }: { project: EditorProject; sceneCount: number; assets: CanvasEditorData["assets"] }) {
  const save = useFetcher<CanvasActionData>();
  const divide = useFetcher<CanvasActionData>();
  const { value: script, setValue: setScript } = useOptimisticValue(project.fullScript, save);
  const hydrated = useHydrated();
  const changed = !hydrated || script !== project.fullScript;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        {sceneCount} scene{sceneCount === 1 ? "" : "s"}
      </p>
      <MainImage project={project} />
      <ProjectAssets project={project} assets={assets} />
      <save.Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="save-script" />
        <label htmlFor="full-script" className="block text-sm font-medium text-slate-700">
          Full Script
        </label>
        <textarea
          id="full-script"
          name="fullScript"
          value={script}
          onChange={(e) => setScript(e.target.value)}
          maxLength={EDITOR_LIMITS.text}
          className="min-h-[400px] w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
          placeholder="Write the whole ad here, then divide it into scenes."
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!changed || save.state !== "idle"}>
            {save.state !== "idle" ? "Saving…" : "Save"}
          </Button>
          {save.state === "idle" ? <Notice result={save.data} /> : null}
        </div>
      </save.Form>
      <divide.Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="divide" />
        <Button
          type="submit"
          variant="secondary"
          disabled={divide.state !== "idle" || (hydrated && changed)}
          title={hydrated && changed ? "Save the script first" : undefined}
        >
          {divide.state !== "idle" ? "Dividing…" : "Divide into Scenes"}
        </Button>
        <Notice result={divide.data} />
      </divide.Form>
    </div>
  );
}
