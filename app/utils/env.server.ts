// Configuration, read once from environment variables (documented in .env.example).
import path from "node:path";
import { z } from "zod";
import { DEFAULT_HOST, DEPLOYMENT_FLAG_VALUES } from "~/utils/conveniences.server";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.preprocess((v) => (v === "" ? undefined : v), z.string().default(DEFAULT_HOST)),
  APP_URL: z.string().url().optional(),
  // "production" declares a deployment; unset, HOST and APP_URL decide (ADR 325).
  REELFORGE_DEPLOYMENT: z.preprocess((v) => (v === "" ? undefined : v), z.enum(DEPLOYMENT_FLAG_VALUES).optional()),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().min(1),
  SESSION_SECRET: z.string().min(16),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZATION_URL: z.string().url().optional(),
  GOOGLE_TOKEN_URL: z.string().url().optional(),
  GOOGLE_USERINFO_URL: z.string().url().optional(),
  SMS_PROVIDER: z.enum(["outbox", "http"]).default("outbox"),
  SMS_API_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().optional(),
  SMS_FROM: z.string().default("Reelforge"),
  LEGAL_GOVERNING_LAW: z.string().default("the laws of India, with the courts of Bengaluru, Karnataka having exclusive jurisdiction"),
  CONTACT_EMAIL: z.string().email().default("support@reelforge.example"),
  DEMO_PASSWORD: z.string().min(6).default("demo1234"),
  SEED_DEMO_DATA: z.enum(["true", "false"]).optional(),
  // Payments (ADR 050): PayU when PAYU_KEY and PAYU_SALT are set, else the built-in sandbox gateway.
  PAYU_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  PAYU_SALT: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  PAYU_BASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().default("https://test.payu.in/_payment")),
  PAYU_VERIFY_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  PAYMENTS_SANDBOX: z.enum(["true", "false"]).optional(),
});

export type Env = z.infer<typeof schema>;

let cached: Env | null = null;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * Cookies carry Secure whenever the public origin is https, and on a deployment declared with
 * REELFORGE_DEPLOYMENT=production (ADR 120, 325); not by NODE_ENV, so that signing in at
 * http://127.0.0.1 works under `npm start`. A request that arrived over https gets Secure
 * cookies anyway (server/security-headers.ts).
 */
export function secureCookies(): boolean {
  const e = env();
  return e.REELFORGE_DEPLOYMENT === "production" || Boolean(e.APP_URL?.startsWith("https:"));
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

/** Public origin of the app, for links sent out (OAuth callback, payment return URLs). */
export function appUrl(request?: Request): string {
  const configured = env().APP_URL;
  if (configured) return configured.replace(/\/$/, "");
  if (request) return new URL(request.url).origin;
  return `http://localhost:${env().PORT}`;
}

export function googleConfigured(): boolean {
  const e = env();
  return Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET);
}
