// What the canvas editor's loader gives the page (app/routes/canvas-editor.server.ts builds it) and
// what its action answers: plain data, so the page's components need nothing from the server.
import type { CaptionPick } from "~/models/captions/caption-rules";
import type { SceneAssetStates, SceneMediaStep } from "~/models/generation/scene-asset-steps";
import type { CompileJobView } from "~/models/compile/finished-video";

export type EditorView = {
  tab: "script" | "scenes";
  panel: "open" | "closed";
  scene?: string;
  /** The step whose cost is shown with its Confirm form (the no-JavaScript path). */
  confirm?: SceneMediaStep;
  /** The scene whose delete asks to be confirmed (the no-JavaScript path). */
  confirmDelete?: string;
};

export type EditorProject = {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  fullScript: string;
  mainProductImageUrl: string | null;
  status: string;
  finalVideoUrl: string | null;
};

export type EditorScene = {
  id: string;
  sceneOrder: number;
  title: string;
  description: string;
  script: string;
  voiceOverText: string;
  imagePrompt: string;
  status: string;
  ready: boolean;
  assets: SceneAssetStates;
  backgroundMusicUrl: string | null;
  /** The project's own photo or clip the scene shows (ADR 330), or null. */
  sourceMediaUrl: string | null;
};

export type EditorQuote = {
  step: SceneMediaStep;
  sceneId: string;
  regenerate: boolean;
  credits: number;
  balance: number;
  enough: boolean;
  blocked: string | null;
};

export type EditorVersion = { id: string; step: SceneMediaStep; url: string; source: string; current: boolean; createdAt: string };

export type EditorCompileJob = CompileJobView;

export type CanvasEditorData = {
  view: EditorView;
  project: EditorProject;
  /** How many scenes the project has. */
  sceneCount: number;
  /** The scenes the view shows: every one on the Scenes tab, else only the selected one (for the detail panel). */
  scenes: EditorScene[];
  assets: Array<{ id: string; url: string; type: string; name: string }>;
  quote: EditorQuote | null;
  versions: EditorVersion[];
  /** `captions`: the user's last caption choice, prefilled in the compile form (ADR 350). */
  compile: { costLabel: string; job: EditorCompileJob | null; captions: CaptionPick };
};

export type CanvasActionData = {
  ok: boolean;
  intent: string;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  /** The project a create made (the page goes there). */
  projectId?: string;
  /** What a generation would cost, shown before the user confirms (estimateCost). */
  estimate?: { step: string; sceneId: string; regenerate: boolean; credits: number; balance: number; enough: boolean; blocked: string | null };
};
