// The OAuth endpoints' rate limits counted in PostgreSQL (docs/decisions/226-oauth-rate-limits-in-postgresql.md):
// an express-rate-limit store for the MCP SDK's auth router, so every web process draws on one
// budget per client address instead of one each. Addresses are kept as hashes.
import { createHash } from "node:crypto";
import type { IncrementResponse, Options, Store } from "express-rate-limit";

// Loaded on first use: the database URL is set by the bootstrap after this module is imported.
const core = () => import("../app/models/access/index.ts");

export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;

  /** `endpoint`: "register", "token", ... (one store per limiter). */
  constructor(endpoint: string) {
    this.prefix = `oauth-ip:${endpoint}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private key(clientKey: string): string {
    return `${this.prefix}${createHash("sha256").update(clientKey).digest("hex")}`;
  }

  async increment(clientKey: string): Promise<IncrementResponse> {
    const { count, resetAt } = await (await core()).countHit(this.key(clientKey), this.windowMs);
    return { totalHits: count, resetTime: resetAt };
  }

  async decrement(clientKey: string): Promise<void> {
    await (await core()).uncountHit(this.key(clientKey));
  }

  async resetKey(clientKey: string): Promise<void> {
    await (await core()).resetHits(this.key(clientKey));
  }
}
