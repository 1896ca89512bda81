// V8 options of the web process, shared by `npm start` (scripts/start.mjs) and the bench's server process
// (bench/app-process.ts), so the bench measures what users run (docs/decisions/393-web-process-young-generation.md).
// A server render allocates a lot of short-lived objects: a larger young generation (32 MB semi-spaces,
// up from V8's default) means fewer scavenges per request.
export const WEB_NODE_OPTIONS = "--max-semi-space-size=32";

/** `env` with WEB_NODE_OPTIONS added to its NODE_OPTIONS (the tsx CLI's own child node inherits them). */
export function withWebNodeOptions(env) {
  return { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, WEB_NODE_OPTIONS].filter(Boolean).join(" ") };
}
