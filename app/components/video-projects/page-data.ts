// What the Video Project Management page gets from its route's loader: the history, the open
// project with its scenes and its latest compile.
import type { CaptionPick } from "~/models/captions/caption-rules";
import type { PageAutomation } from "./AutomatedSceneForm";
import type { CompileJobView } from "~/models/compile/finished-video";

/** Scene cards a project's page renders before "Show all scenes" (ADR 396): the 3 to 7 scenes of a Create Video ad all show. */
export const SCENES_FIRST_PAGE = 8;

export type HistoryItem = {
  id: string;
  title: string;
  description: string | null;
  status: string;
  sceneCount: number;
};

export type PageScene = {
  id: string;
  title: string;
  description: string | null;
  status: string;
  errorMessage: string | null;
  hasImage: boolean;
  hasVideo: boolean;
  /** The project's own photo or clip the scene shows (its url and kind), or null for a generated picture. */
  material: { url: string; kind: "photo" | "clip" | null } | null;
  costLabel: string;
  blocked: string | null;
};

export type PageMedia = { id: string; url: string; name: string; kind: "photo" | "clip" };

export type PageCompileJob = CompileJobView;

export type PageProject = {
  project: {
    id: string;
    /** The owner: the product image is stored as their file. */
    userId: string;
    title: string;
    description: string | null;
    status: string;
    finalVideoUrl: string | null;
    /** The project's product image (the canvas's main image), which Generate Assets needs. */
    mainProductImageUrl: string | null;
  };
  scenes: PageScene[];
  /** How many scenes the project has: more than `scenes` when the page shows only its first ones. */
  sceneCount: number;
  /** The project's own photos and clips (its image and video assets), oldest first. */
  media: PageMedia[];
  compile: {
    costLabel: string;
    blocked: string | null;
    job: PageCompileJob | null;
    /** The user's last caption choice, prefilled in the compile form (ADR 350). */
    captions: CaptionPick;
  };
  planner: { label: string; local: boolean };
  automation: PageAutomation;
  balance: number;
};
