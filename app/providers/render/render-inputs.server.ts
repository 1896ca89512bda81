// A render's inputs in its own work folder (docs/decisions/270-media-identified-by-structure.md):
// each source linked (or copied) in under a name of its own, its demuxer found from its bytes, and
// a staged input probed again to name the one that cannot be read.
import { constants as fsConstants, existsSync } from "node:fs";
import { copyFile, link, utimes } from "node:fs/promises";
import path from "node:path";
import { demuxerOf, MediaProcessError, probeMedia } from "~/providers/media/ffmpeg.server";
import { RenderInputError, type RenderInputKind, type RenderRequest, type RenderScene } from "./types";
import type { PictureLayers } from "~/providers/motion/types";

/** The demuxer ffmpeg is told for a staged file. */
export function formatOf(formats: ReadonlyMap<string, string>, file: string): string {
  const format = formats.get(file);
  if (!format) throw new MediaProcessError("An input of the render was not staged in its work folder", null, "");
  return format;
}

/** A hard link of `from` at `to` (same inode, no copy); a copy where links are not possible. */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "EMLINK") throw error;
    await copyFile(from, to, fsConstants.COPYFILE_EXCL);
  }
}

/** Probes one staged input under its forced format; a RenderInputError names it when it cannot be read. */
export async function checkInput(file: string, format: string, input: RenderInputKind, scene: number | null): Promise<void> {
  const info = await probeMedia(file, { format }).catch((error: unknown) => {
    throw new RenderInputError(input, scene, (error as Error).message, { cause: error });
  });
  const wanted = input === "clip" ? "video" : "audio";
  if (!info.streams.some((st) => st.type === wanted)) throw new RenderInputError(input, scene, `no ${wanted} stream`);
}

/**
 * Links (or copies) every input file of the request into `jobDir` under names of its own, and
 * finds each clip's, voice-over's and music's demuxer from its bytes. Returns the request with
 * the staged paths. A missing source stays missing (a path in the folder that does not exist),
 * so the plan reports it as before; a file of a type ffmpeg is not given is a RenderInputError.
 */
export async function stageInputs(request: RenderRequest, jobDir: string): Promise<{ request: RenderRequest; formats: Map<string, string> }> {
  const bySource = new Map<string, string>();
  const formats = new Map<string, string>();
  let n = 0;
  const stage = async (source: string, input: RenderInputKind, scene: number | null, probe: boolean): Promise<string> => {
    let staged = bySource.get(source);
    if (!staged) {
      const ext = (path.extname(source).replace(/[^.a-zA-Z0-9]/g, "") || ".bin").slice(0, 6);
      staged = path.join(jobDir, `in-${n++}${ext}`);
      bySource.set(source, staged);
      if (existsSync(source)) await linkOrCopy(source, staged);
    }
    if (probe && !formats.has(staged) && existsSync(staged)) {
      formats.set(
        staged,
        await demuxerOf(staged).catch((error: unknown) => {
          throw new RenderInputError(input, scene, (error as Error).message, { cause: error });
        }),
      );
    }
    return staged;
  };
  const stageLayers = async (layers: PictureLayers, k: number): Promise<PictureLayers> => ({
    background: await stage(layers.background, "image", k, false),
    ...(layers.foreground ? { foreground: await stage(layers.foreground, "image", k, false) } : {}),
    ...(layers.text ? { text: await stage(layers.text, "image", k, false) } : {}),
  });
  const scenes: RenderScene[] = [];
  for (const [i, scene] of request.scenes.entries()) {
    const k = i + 1;
    const visual = scene.visual;
    let staged: RenderScene["visual"];
    if (visual.kind === "clip") {
      staged = { ...visual, path: await stage(visual.path, "clip", k, true) };
      const from = visual.madeFrom;
      if (from)
        staged.madeFrom = {
          ...from,
          image: await stage(from.image, "image", k, false),
          ...(from.layers ? { layers: await stageLayers(from.layers, k) } : {}),
        };
    } else {
      staged = { ...visual, path: await stage(visual.path, "image", k, false) };
      if (visual.layers) staged.layers = await stageLayers(visual.layers, k);
    }
    const voiceOver = scene.voiceOver ? { voiceOver: { ...scene.voiceOver, path: await stage(scene.voiceOver.path, "voice-over", k, true) } } : {};
    scenes.push({ ...scene, visual: staged, ...voiceOver });
  }
  const music = request.music ? { ...request.music, path: await stage(request.music.path, "music", null, true) } : undefined;
  return { request: { ...request, scenes, ...(music ? { music } : {}) }, formats };
}

/** Marks cached files as just used (the cache is pruned least recently used first). */
export async function touch(...files: string[]): Promise<void> {
  const now = new Date();
  await Promise.all(files.map((f) => utimes(f, now, now).catch(() => undefined)));
}
