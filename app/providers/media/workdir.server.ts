// Work files of the media providers: <DATA_DIR>/work/<area>/... Callers move finished results
// into the storage module; everything here is scratch or cache.
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Root of the work area. `DATA_DIR` (default .data) + /work, or an explicit directory. */
export function workRoot(explicit?: string): string {
  if (explicit) return path.resolve(explicit);
  return path.resolve(process.env.DATA_DIR || ".data", "work");
}

export async function ensureDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}

/** A fresh, not yet existing file path under <root>/<area>. */
export async function newWorkFile(root: string, area: string, ext: string): Promise<string> {
  const dir = await ensureDir(path.join(root, area));
  return path.join(dir, `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}.${ext.replace(/^\./, "")}`);
}

const fileHashes = new Map<string, { size: number; mtimeMs: number; hash: string }>();

/** sha256 of a file's content, remembered per (path, size, mtime) so repeated renders are cheap. */
export async function hashFile(file: string): Promise<string> {
  const abs = path.resolve(file);
  const st = await stat(abs);
  const known = fileHashes.get(abs);
  if (known && known.size === st.size && known.mtimeMs === st.mtimeMs) return known.hash;
  const hash = await new Promise<string>((resolve, reject) => {
    const h = createHash("sha256");
    createReadStream(abs)
      .on("data", (chunk) => h.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(h.digest("hex")));
  });
  if (fileHashes.size > 5000) fileHashes.clear();
  fileHashes.set(abs, { size: st.size, mtimeMs: st.mtimeMs, hash });
  return hash;
}

export function hashValue(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

let root: string | null = null;

/**
 * The project's root folder (where package.json says "reelforge"). Found by walking up from
 * this module, which works from the sources (tsx, vitest) and from the Remix server bundle.
 */
export function projectRoot(): string {
  if (root) return root;
  const starts = [path.dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    let dir = start;
    for (;;) {
      const pkg = path.join(dir, "package.json");
      if (existsSync(pkg)) {
        try {
          if (JSON.parse(readFileSync(pkg, "utf8")).name === "reelforge") {
            root = dir;
            return dir;
          }
        } catch {
          // not ours; keep walking
        }
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  root = process.cwd();
  return root;
}
