// Process-wide state of the embedded workflow engine, kept on globalThis. The app's code runs as
// two module copies in one process (the Remix server bundle, and server/*.ts loaded by tsx), so
// module-level variables would not be shared between the serve handler and the executor.
import { randomBytes } from "node:crypto";

/** A function as the SDK describes it when registering (FunctionConfig). */
export type FunctionConfig = {
  id: string;
  name?: string;
  triggers: ({ event: string; expression?: string } | { cron: string; jitter?: string })[];
  steps: Record<string, { id: string; name: string; runtime: { type: string; url: string }; retries?: { attempts?: number } }>;
  concurrency?: number | { limit: number; key?: string; scope?: string } | { limit: number; key?: string; scope?: string }[];
  cancel?: { event: string; if?: string; timeout?: string }[];
  [key: string]: unknown;
};

export type RegisterBody = {
  url: string;
  appName: string;
  framework?: string;
  sdk?: string;
  functions: FunctionConfig[];
  [key: string]: unknown;
};

/** What the in-process receiver needs from a running executor. */
export interface EmbeddedHost {
  readonly id: string;
  acceptRegistration(body: RegisterBody): void;
  functionConfigs(): FunctionConfig[];
  wake(): void;
  /** Status for health checks. */
  snapshot(): { registered: boolean; running: boolean; lastTickAt: number | null; lastError: string | null };
}

type Shared = {
  hosts: Map<string, EmbeddedHost>;
  signingKey: string;
};

const KEY = Symbol.for("reelforge.workflows.embedded");

export function shared(): Shared {
  const g = globalThis as unknown as Record<symbol, Shared | undefined>;
  let s = g[KEY];
  if (!s) {
    // A fresh key per process: the serve handler only accepts requests signed by this process's
    // executor, so nobody else can make /api/inngest run a function.
    s = { hosts: new Map(), signingKey: `signkey-embedded-${randomBytes(32).toString("hex")}` };
    g[KEY] = s;
  }
  return s;
}

/** Hostname the embedded client sends events and registrations to; never resolved on a network. */
export const EMBEDDED_ORIGIN = "http://embedded-workflows.reelforge.invalid";
export const EMBEDDED_EVENT_KEY = "embedded";
