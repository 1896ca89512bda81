// The state of the database, storage, workflow engine and providers: one set of checks for
// /healthz (JSON) and /status (the page that tells people which providers are active).
// Parts not set up yet report ok: null with a note and do not make the status degraded; later
// work adds its checks to `checks` below (workflows: the executor; providers: one per capability).
import { prisma } from "~/utils/db.server";
import { storage, storageDriverName } from "~/utils/storage/index.server";
import { workflowEngineStatus } from "../../inngest/status";
import { chatProviderStatus } from "~/providers/llm/index.server";
import { providersHealth } from "~/providers/registry.server";

export type Part = { ok: boolean | null; [detail: string]: unknown };

const CHECK_TIMEOUT_MS = 3000;

async function timed<T extends Part>(run: () => Promise<T>, fallback: (error: string) => T): Promise<T & { latencyMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ...result, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ...fallback(error instanceof Error ? error.message : String(error)), latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

const checks = {
  database: () =>
    timed(
      async () => {
        await prisma.$queryRaw`SELECT 1`;
        return { ok: true as boolean | null };
      },
      () => ({ ok: false as boolean | null, error: "database unreachable" }),
    ),
  storage: () =>
    timed(
      async () => {
        const h = await storage().health();
        return { ok: h.ok as boolean | null, driver: h.driver, ...(h.detail && !h.ok ? { error: h.detail } : {}) };
      },
      (error) => ({ ok: false as boolean | null, driver: storageDriverName(), error }),
    ),
  workflows: () =>
    timed(
      async () => ({ ...(await workflowEngineStatus()) }) as Part,
      (error) => ({ ok: false as boolean | null, error }),
    ),
  providers: async (): Promise<Record<string, Part>> => {
    const [media, chat] = await Promise.all([providersHealth(), chatProviderStatus()]);
    const { problem, ...rest } = chat;
    // A requested hosted chat model without its key falls back to the local planner: a warning, not a failure.
    return { ...(media as Record<string, Part>), chat: { ok: true, ...rest, ...(problem ? { warning: problem } : {}) } };
  },
};

export type SystemHealth = {
  status: "ok" | "degraded";
  time: string;
  database: Part;
  storage: Part;
  workflows: Part;
  providers: Record<string, Part>;
};

export async function systemHealth(): Promise<SystemHealth> {
  const [database, storageState, workflows, providers] = await Promise.all([checks.database(), checks.storage(), checks.workflows(), checks.providers()]);
  const parts: Part[] = [database, storageState, workflows, ...Object.values(providers)];
  const status = parts.some((p) => p.ok === false) ? "degraded" : "ok";
  return { status, time: new Date().toISOString(), database, storage: storageState, workflows, providers };
}
