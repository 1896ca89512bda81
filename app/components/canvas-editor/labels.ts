// The canvas editor's words: field and media labels, and the product's failure texts
// (docs/product.md#canvas-editor), shared by the page and its action.
import type { SceneMediaStep } from "~/models/generation/scene-asset-steps";
import type { EditorScene } from "./editor-data";

export const PROJECT_SAVED = "Project changes saved.";

/** The product's failure toasts (docs/product.md#canvas-editor); the core's reason follows. */
export const FAILURES: Partial<Record<string, string>> = {
  rename: "Failed to update title",
  "save-script": "Failed to save script",
  "main-image": "Failed to update the main project image",
  "add-assets": "Failed to upload assets",
  "remove-asset": "Failed to remove asset",
  "scene-media": "Failed to upload",
  "delete-scene": "Failed to delete scene",
  "generate-music": "Failed to generate background music",
  "scene-material": "Failed to set the scene material",
};

/** The same texts for the browser's own failures, and for the steps without one above. */
export const CLIENT_FAILURES: Partial<Record<string, string>> = {
  ...FAILURES,
  divide: "Failed to divide the script",
  "add-scene": "Failed to add scene",
  estimate: "Failed to estimate the cost",
  generate: "Failed to start the generation",
  compile: "Failed to start the compile",
  "restore-version": "Failed to restore version",
};

/** The file fields of the Script tab's forms without JavaScript (with it the files go up by XHR first). */
export const UPLOAD_FIELDS = { "main-image": "mainImage", "add-assets": "assets" } as const;

export const FIELD_LABELS = {
  title: "Title",
  description: "Description",
  script: "Script",
  voiceOverText: "Voice-over text",
  imagePrompt: "Image prompt",
} as const;

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field;
}

export const STEP_LABELS: Record<SceneMediaStep, string> = {
  image: "Image",
  "voice-over": "Voice-over",
  video: "Video",
};
export const MEDIA_LABELS = { ...STEP_LABELS, backgroundMusic: "Background music" } as const;

export function sceneLabel(scene: EditorScene): string {
  return scene.title ? `${scene.sceneOrder}. ${scene.title}` : `${scene.sceneOrder}. Untitled Scene`;
}

export const DELETE_SCENE_QUESTION = "Are you sure you want to delete this scene?";
