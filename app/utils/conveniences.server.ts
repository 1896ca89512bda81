// The unsafe conveniences of the zero-setup demo (ADR 120): demo accounts with a published
// password, the sandbox payment gateway (free credits) and the SMS outbox page (every sign-in
// code). They are on by default only on a developer's own machine, that is anywhere that is not
// a deployment; an explicit flag (SEED_DEMO_DATA, PAYMENTS_SANDBOX) decides otherwise.
// A deployment is recognised by the host and the explicit flags, never by NODE_ENV, which only
// picks React's and Remix's builds (`npm start` runs production, `npm run dev` development; ADR 325):
// REELFORGE_DEPLOYMENT=production, or a listen address others can reach (HOST not loopback), or a
// public origin elsewhere (APP_URL whose host is not loopback). Pure functions of the
// configuration, so server/bootstrap.ts, the app and the provider registry decide alike.
import { isIP } from "node:net";

/** `npm start` listens here unless HOST says otherwise (HOST=0.0.0.0 exposes the server). */
export const DEFAULT_HOST = "127.0.0.1";
/** The demo accounts' password when DEMO_PASSWORD is unset: published in the README. */
export const WELL_KNOWN_DEMO_PASSWORD = "demo1234";

export type ConvenienceConfig = {
  /** Read by none of these rules: NODE_ENV picks React's and Remix's builds only (ADR 325). */
  NODE_ENV?: string;
  HOST?: string;
  APP_URL?: string;
  REELFORGE_DEPLOYMENT?: string;
  SEED_DEMO_DATA?: string;
  PAYMENTS_SANDBOX?: string;
  DEMO_PASSWORD?: string;
  SMS_PROVIDER?: string;
};

/** An address of this machine only: 127.0.0.0/8, ::1 (also IPv4-mapped), "localhost". */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (a === "localhost") return true;
  const v4 = a.startsWith("::ffff:") ? a.slice(7) : a;
  if (isIP(v4) === 4) return v4.startsWith("127.");
  if (isIP(a) !== 6) return false;
  // The URL parser writes an IPv6 address in its shortest form (::ffff:127.0.0.1 as ::ffff:7f00:1).
  const canonical = new URL(`http://[${a}]/`).hostname;
  return canonical === "[::1]" || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}

export function listenHost(config: ConvenienceConfig): string {
  return config.HOST?.trim() || DEFAULT_HOST;
}

function flag(value: string | undefined): boolean | null {
  if (value === "true") return true;
  if (value === "false") return false;
  return null;
}

/** The values REELFORGE_DEPLOYMENT may take: "production" declares a deployment; unset leaves it to HOST and APP_URL. */
export const DEPLOYMENT_FLAG_VALUES = ["production"] as const;

/** Why this configuration is a deployment (null on a developer's own machine): ADR 325. */
export function deploymentReason(config: ConvenienceConfig): string | null {
  if (config.REELFORGE_DEPLOYMENT?.trim() === "production") return "REELFORGE_DEPLOYMENT=production";
  const host = listenHost(config);
  if (!isLoopbackAddress(host)) return `listening on ${host}`;
  const origin = publicHost(config.APP_URL);
  if (origin !== null && !isLoopbackAddress(origin)) return `APP_URL is ${config.APP_URL}`;
  return null;
}

/** The host of APP_URL (null when unset or not a URL). */
function publicHost(appUrl: string | undefined): string | null {
  if (!appUrl?.trim()) return null;
  try {
    return new URL(appUrl.trim()).hostname;
  } catch {
    return null;
  }
}

/** A real deployment: others reach it, or the operator says so (ADR 325). */
export function isDeployment(config: ConvenienceConfig): boolean {
  return deploymentReason(config) !== null;
}

/** Not a deployment: a server that only this machine reaches, with no public origin elsewhere. */
export function ownMachine(config: ConvenienceConfig): boolean {
  return !isDeployment(config);
}

export function demoDataEnabled(config: ConvenienceConfig): boolean {
  return flag(config.SEED_DEMO_DATA) ?? ownMachine(config);
}

export function sandboxGatewayEnabled(config: ConvenienceConfig): boolean {
  return flag(config.PAYMENTS_SANDBOX) ?? ownMachine(config);
}

export function demoPassword(config: ConvenienceConfig): string {
  return config.DEMO_PASSWORD || WELL_KNOWN_DEMO_PASSWORD;
}

/** Who may read /dev/outbox without being an admin: requests from this machine, never on a deployment. */
export function outboxOpenToClient(config: ConvenienceConfig, clientIp: string | null): boolean {
  return ownMachine(config) && isLoopbackAddress(clientIp);
}

/** One line per unsafe convenience that is on, for the start-up log. */
export function activeConveniences(config: ConvenienceConfig): string[] {
  const on: string[] = [];
  if (demoDataEnabled(config)) {
    const published = demoPassword(config) === WELL_KNOWN_DEMO_PASSWORD;
    on.push(`demo accounts${published ? ` with the published password ${WELL_KNOWN_DEMO_PASSWORD}` : ""} (SEED_DEMO_DATA)`);
  }
  if (sandboxGatewayEnabled(config)) on.push("the sandbox payment gateway, which grants credits for free (PAYMENTS_SANDBOX)");
  if ((config.SMS_PROVIDER ?? "outbox") === "outbox" && ownMachine(config)) {
    on.push("/dev/outbox, every SMS sign-in code, readable by admins and by requests from this machine");
  }
  return on;
}

/** Why a deployment must not start with this configuration (empty when it may). */
export function productionRefusals(config: ConvenienceConfig): string[] {
  const flag = config.REELFORGE_DEPLOYMENT?.trim();
  if (flag && !(DEPLOYMENT_FLAG_VALUES as readonly string[]).includes(flag)) {
    return [`REELFORGE_DEPLOYMENT=${flag} is not understood: set it to production, or leave it unset (a deployment is then recognised by HOST and APP_URL)`];
  }
  if (!isDeployment(config)) return [];
  const problems: string[] = [];
  if (demoDataEnabled(config) && demoPassword(config) === WELL_KNOWN_DEMO_PASSWORD) {
    problems.push(
      `SEED_DEMO_DATA=true would create admin and user accounts with the published password ${WELL_KNOWN_DEMO_PASSWORD}: set DEMO_PASSWORD to a secret, or turn demo data off`,
    );
  }
  return problems;
}
