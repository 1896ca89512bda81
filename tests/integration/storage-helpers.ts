// Shared set-up for the storage integration tests (not a test file itself).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { prisma } from "~/utils/db.server";
import { sessionStorage, USER_SESSION_KEY } from "~/utils/session.server";
import { setStorageDriver } from "~/utils/storage/index.server";
import { LocalStorageDriver } from "~/utils/storage/local.server";

export async function useTempStorage(): Promise<{ root: string; driver: LocalStorageDriver; cleanup: () => Promise<void> }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "reelforge-storage-it-"));
  const driver = new LocalStorageDriver(root);
  setStorageDriver(driver);
  return {
    root,
    driver,
    cleanup: async () => {
      setStorageDriver(null);
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

export async function newUser(opts: { admin?: boolean } = {}) {
  const user = await prisma.user.create({
    data: { email: `storage-${Date.now()}-${Math.random().toString(36).slice(2)}@test.local` },
  });
  if (opts.admin) await prisma.adminUser.create({ data: { userId: user.id } });
  const session = await sessionStorage().getSession();
  session.set(USER_SESSION_KEY, user.id);
  const cookie = (await sessionStorage().commitSession(session)).split(";")[0];
  return { user, cookie };
}

export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

export function multipart(
  url: string,
  parts: { name: string; value: string | { bytes: Uint8Array; filename: string; type?: string } }[],
  cookie?: string,
): Request {
  const form = new FormData();
  for (const p of parts) {
    if (typeof p.value === "string") form.append(p.name, p.value);
    else form.append(p.name, new Blob([new Uint8Array(p.value.bytes)], { type: p.value.type ?? "application/octet-stream" }), p.value.filename);
  }
  return new Request(url, { method: "POST", body: form, headers: cookie ? { Cookie: cookie } : {} });
}
