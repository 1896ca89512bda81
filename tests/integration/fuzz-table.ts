// What the route fuzzer (fuzz-routes.test.ts) knows about each route of app/routes: the query
// parameters its loader reads, its path parameters, the fields its action reads, and which of
// those fields it must refuse when they carry bad input. Every route file with a loader or an
// action must have an entry: the suite fails for a route that is missing here, so a new door
// is never skipped silently.
import fc from "fast-check";

type Arb = fc.Arbitrary<string>;

// ───────────────────────────── values ─────────────────────────────

/** Values that broke servers before: NUL, controls, huge and odd numbers, paths, markup, long and odd Unicode. */
export const NASTY_CONSTANTS = [
  "\0",
  "a\0b",
  "%00",
  "\r\n",
  "\r\nSet-Cookie: evil=1",
  "\t",
  "\u0001",
  "\u001b[31m",
  "\u007f",
  "\u0085",
  "\u2028",
  "\uFEFF",
  "\u202Eevil",
  "\uD800",
  "\uDFFF",
  "𝕏𝕏𝕏",
  "😀".repeat(300),
  "a".repeat(5000),
  "99999999999",
  "9999999999",
  "2147483648",
  "2147483647",
  "-2147483649",
  "-1",
  "0",
  "00000000000000000001",
  "1e309",
  "1.5",
  "NaN",
  "Infinity",
  "0x10",
  "١٢٣",
  "",
  " ",
  "../../../../etc/passwd",
  "..\\..\\windows",
  "//evil.example",
  "/\t/evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "<script>alert(1)</script>",
  "'; DROP TABLE users; --",
  "' OR 1=1 --",
  '{"$gt":""}',
  "[object Object]",
  "__proto__",
  "constructor",
  "%",
  "%zz",
  "%C0%AF",
  "+",
  "&a=b",
];

export const nasty: Arb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_CONSTANTS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** Mostly a plausible value, often a nasty one. */
export const maybe = (plausible: Arb): Arb => fc.oneof({ weight: 2, arbitrary: plausible }, { weight: 3, arbitrary: nasty });
export const one = (...values: string[]): Arb => fc.constantFrom(...values);

export const cuid: Arb = fc.stringMatching(/^c[0-9a-z]{24}$/);
/** The id a workflow gives the image and video jobs it makes (scene-assets, compile-jobs). */
export const workflowJobId: Arb = fc.stringMatching(/^job[0-9a-f]{22}$/);
export const uuid: Arb = fc.uuid({ version: 4 });
export const intId: Arb = fc.integer({ min: 1, max: 2_147_483_647 }).map(String);
export const token: Arb = fc.stringMatching(/^[A-Za-z0-9]{1,30}$/);
export const words: Arb = fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 60 }).map((s) => s.replace(/[\u0000-\u001f\u007f]/g, " "));
export const email: Arb = fc.emailAddress();
export const phone: Arb = fc.integer({ min: 0, max: 99_999_999 }).map((n) => `+9199${String(n).padStart(8, "0")}`);
/** An OAuth authorization request id (32 random bytes, base64url). */
export const oauthRequestId: Arb = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);
export const path: Arb = fc.constantFrom("/", "/plans", "/create-video?new=1", "/notifications#x");

// ───────────────────────────── corrupting a valid value ─────────────────────────────

/** Control characters that no field accepts (TAB, LF and CR are allowed in multi-line text). */
const CONTROLS = ["\0", "\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f", "\u007f"];

/** A value the action must refuse: the plausible value with a control character inside it. */
export function withControl(plausible: Arb): Arb {
  return fc.tuple(plausible, fc.constantFrom(...CONTROLS), fc.nat()).map(([value, control, at]) => {
    const i = value.length ? at % (value.length + 1) : 0;
    return value.slice(0, i) + control + value.slice(i);
  });
}

/** An integer id out of int4, or not an integer at all. */
export const badIntId: Arb = fc.oneof(
  withControl(intId),
  fc.constantFrom("0", "-1", "2147483648", "9999999999", "99999999999", "1e3", "1.5", "0x10", "١"),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
);

// ───────────────────────────── the table ─────────────────────────────

/**
 * One shape of form an action takes (one intent): each field's plausible value, and how to
 * make it invalid for the fields the action must refuse (a corrupted one gives a 4xx and
 * changes nothing). Fields without `bad` fall back to defaults (redirectTo, flags).
 */
export type FormShape = Record<string, { ok: Arb; bad?: Arb }>;

const strict = (ok: Arb, bad: Arb = withControl(ok)) => ({ ok, bad });
const lenient = (ok: Arb) => ({ ok });

export type LoaderSpec = {
  /** Query parameter names the loader reads (fuzzed with plausible and nasty values). */
  query?: Record<string, Arb>;
  /** Values for the path's dynamic segments (":name", "*"). */
  params?: Record<string, Arb>;
  /** A pathless layout: fuzzed through this child path. */
  via?: string;
  /** Answers a never-ending event stream: the body is not read. */
  stream?: boolean;
  /** A health report: 503 is its answer when a part is down (no workflow engine in tests); slow, fuzzed less. */
  reports503?: boolean;
  /** The loader fills a shared cache on first use (a stored file): these paths are asked once before the snapshot. */
  warm?: string[];
};

export type ActionSpec = {
  /** Whether a signed-in user is needed: anonymous posts are sent to sign in (or get 401). */
  auth: "user" | "open";
  /** The intents' field shapes. Empty: the action reads no fields. */
  shapes: FormShape[];
  /** The action reads the body as a form: other content types get 415, broken bodies 400. */
  form: boolean;
  /** Values for the path's dynamic segments. */
  params?: Record<string, Arb>;
  /**
   * The action may end the session it is sent with, or replace it with a new one (sign-out; a
   * sign-up or sign-in, which never keeps the visitor's earlier session id): fuzzed with a
   * throw-away session, so the shared signed-in session lives on.
   */
  endsSession?: boolean;
  /** Multipart bodies go to the storage upload parser (tested with the upload doors). */
  uploads?: boolean;
  /** Query parameters the action reads. */
  query?: Record<string, Arb>;
};

export type RouteSpec = { loader?: LoaderSpec; action?: ActionSpec };

const feedQuery = {
  q: words,
  tab: one("stories", "images", "videos", "all"),
  from: one("2024-01-01", "2030-12-31", "2024-02-30"),
  to: one("2024-12-31", "1999-01-01"),
  tz: one("Asia/Kolkata", "UTC", "Nowhere/City"),
  cursor: one("WyIyMDI0LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJzdG9yeSIsIjEiXQ", "WyIyMDI0LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJpbWFnZSIsImFcdTAwMDBiIl0", "e30"),
};

const redirectTo = lenient(path);

/** The intents of the Video Project Management page (both of its routes). */
const videoProjectShapes: FormShape[] = [
  { intent: strict(one("create-project")), name: strict(words), description: strict(words) },
  { intent: strict(one("delete-project")), projectId: strict(cuid), confirmed: strict(one("yes")) },
  { intent: strict(one("add-scene")), name: strict(words), description: strict(words) },
  { intent: strict(one("generate-assets")), sceneId: strict(cuid) },
  { intent: strict(one("compile")), format: strict(one("mp4", "webm")) },
  { intent: strict(one("analyze-project", "optimize-scenes")) },
  { intent: strict(one("apply-order")), order: strict(words) },
  { intent: strict(one("enhance-scene", "suggest-improvements")), sceneId: strict(cuid) },
  { intent: strict(one("apply-description")), sceneId: strict(cuid), description: strict(words) },
  { intent: strict(one("create-scene-auto")), description: strict(words) },
  { intent: strict(one("scene-material")), sceneId: strict(cuid), assetId: lenient(cuid) },
];

export const ROUTES: Record<string, RouteSpec> = {
  "routes/$": { loader: { params: { "*": fc.webPath() } } },
  "routes/_shell": { loader: { via: "/plans" } },
  "routes/_shell._index": {
    loader: { query: feedQuery },
    action: {
      auth: "user",
      form: true,
      shapes: [
        {
          intent: strict(one("visibility")),
          kind: strict(one("story")),
          id: strict(intId, badIntId),
          visibility: strict(one("public", "private")),
          redirectTo,
        },
        {
          intent: strict(one("visibility")),
          kind: strict(one("image", "video")),
          id: strict(fc.oneof(cuid, workflowJobId)),
          visibility: strict(one("public", "private")),
          redirectTo,
        },
        { intent: strict(one("dismiss-announcement")), id: strict(cuid), redirectTo },
      ],
    },
  },
  "routes/_shell.admin": { loader: {} },
  "routes/_shell.admin._index": { loader: {} },
  "routes/_shell.admin.links": {
    loader: { query: { create: one("1"), share: cuid } },
    action: {
      auth: "user",
      form: true,
      shapes: [
        {
          intent: strict(one("create")),
          title: strict(words),
          description: strict(words),
          customRate: strict(one("0", "1500", "99.50")),
          creditsAmount: strict(one("1", "5")),
          expiryDate: strict(one("2030-01-01", "")),
          requirePhone: lenient(one("on")),
          requirePhoneSent: lenient(one("1")),
        },
        { intent: strict(one("toggle")), linkId: strict(cuid), active: strict(one("true", "false")) },
      ],
    },
  },
  "routes/_shell.admin.orders": { loader: { query: { status: one("all", "pending", "in_progress", "completed", "failed"), page: one("1", "2") } } },
  "routes/_shell.admin.orders.$orderId": {
    loader: { params: { orderId: cuid }, query: { section: one("details", "media", "delivery"), preview: cuid, confirm: cuid } },
    action: {
      auth: "user",
      form: true,
      uploads: true,
      params: { orderId: cuid },
      query: { role: one("admin", "delivery"), deliver: one("1") },
      shapes: [
        { intent: strict(one("update-status")), status: strict(one("pending", "in_progress", "completed", "failed")), adminNotes: strict(words) },
        { intent: strict(one("delete-media")), mediaId: strict(cuid), confirmed: strict(one("yes")) },
      ],
    },
  },
  "routes/_shell.admin.users": {
    loader: { query: { q: words, page: intId } },
    action: {
      auth: "user",
      form: true,
      shapes: [
        { intent: strict(one("add-admin")), userId: lenient(cuid) },
        { intent: strict(one("remove-admin")), userId: lenient(cuid), confirmSelf: lenient(one("on")) },
      ],
    },
  },
  "routes/_shell.admin.stats": { loader: {} },
  "routes/_shell.admin.ai-tools": {
    loader: { query: { confirm: token } },
    action: {
      auth: "user",
      form: true,
      shapes: [
        { intent: strict(one("retry")), jobId: strict(token) },
        { intent: strict(one("check")), jobId: strict(token) },
        { intent: strict(one("delete")), jobId: strict(token), confirmed: strict(one("yes")) },
      ],
    },
  },
  "routes/_shell.admin.canvas-updates": {
    loader: { query: { project: token } },
    action: {
      auth: "user",
      form: true,
      shapes: [
        {
          projectId: strict(token),
          sceneId: strict(token),
          field: strict(one("script", "voiceOverText", "imagePrompt", "description")),
          content: strict(words),
        },
      ],
    },
  },
  "routes/_shell.admin.user-messages": {
    loader: { query: { user: token, project: token } },
    action: { auth: "user", form: true, uploads: true, query: { user: token, project: token }, shapes: [{ message: strict(words), projectId: strict(token) }] },
  },
  "routes/_shell.canvas.$projectId": {
    loader: { params: { projectId: cuid }, query: { scene: cuid, tab: one("script", "scenes"), panel: one("open", "closed") } },
    action: {
      auth: "user",
      form: true,
      params: { projectId: cuid },
      shapes: [
        { intent: strict(one("rename")), title: strict(words) },
        { intent: strict(one("save-script")), fullScript: strict(words) },
        { intent: strict(one("divide")) },
        { intent: strict(one("add-scene")) },
        { intent: strict(one("add-assets")), ref: strict(one("project-images/x.png")) },
        { intent: strict(one("remove-asset")), assetId: strict(cuid) },
        { intent: strict(one("restore-version")), sceneId: strict(cuid), versionId: strict(cuid) },
        { intent: strict(one("main-image")), ref: lenient(one("project-images/x.png")) },
        {
          intent: strict(one("scene-media")),
          sceneId: strict(cuid),
          field: strict(one("image", "video", "voice-over")),
          ref: lenient(one("canvas-assets/x.png")),
        },
        { intent: strict(one("delete-scene")), sceneId: strict(cuid) },
        { intent: strict(one("scene-material")), sceneId: strict(cuid), assetId: lenient(cuid) },
        { intent: strict(one("edit-scene")), sceneId: strict(cuid), field: strict(one("title", "script", "voiceOverText")), value: strict(words) },
        {
          intent: strict(one("estimate", "generate")),
          sceneId: strict(cuid),
          step: strict(one("image", "video", "voice-over")),
          regenerate: lenient(one("on")),
        },
      ],
    },
  },
  "routes/_shell.canvas._index": {
    loader: { query: { projectId: cuid, new: one("1"), chat: one("1") } },
    action: {
      auth: "user",
      form: true,
      shapes: [
        { intent: strict(one("create")), title: strict(words), description: lenient(words) },
        { intent: strict(one("delete")), projectId: strict(cuid) },
      ],
    },
  },
  "routes/_shell.create-video": {
    loader: { query: { new: one("1") } },
    action: {
      auth: "user",
      form: true,
      uploads: true,
      shapes: [
        {
          script: strict(words),
          voiceId: strict(one("1", "2"), badIntId),
          storyTypeId: strict(one("1", "2"), badIntId),
          readyToGo: lenient(one("on")),
          requestId: strict(uuid),
          productImageRef: strict(one("product-photos/x.png")),
          backgroundMusicRef: strict(one("background-music/x.wav")),
          _enhanced: lenient(one("1")),
        },
      ],
    },
  },
  "routes/_shell.stories.$storyId._index": { loader: { params: { storyId: intId } } },
  "routes/_shell.projects.$projectId.storyboard": { loader: { params: { projectId: cuid }, query: { from: one("canvas", "x") } } },
  "routes/_shell.stories.$storyId.variants": {
    loader: { params: { storyId: intId } },
    action: {
      auth: "user",
      form: true,
      params: { storyId: intId },
      shapes: [
        { intent: strict(one("size")), aspectRatio: strict(one("9:16", "1:1", "16:9")), requestId: strict(uuid) },
        { intent: strict(one("quote")), ratio1: lenient(one("9:16", "1:1", "16:9")), style1: strict(one("1", "2"), badIntId), hook1: lenient(words) },
        {
          intent: strict(one("create")),
          requestId: strict(uuid),
          expectedTotal: strict(one("8", "5.5")),
          ratio1: lenient(one("9:16", "1:1", "16:9")),
          style1: strict(one("1", "2"), badIntId),
          hook1: lenient(words),
        },
      ],
    },
  },
  "routes/_shell.custom-orders": { loader: {} },
  "routes/_shell.custom-orders.$orderNumber": { loader: { params: { orderNumber: intId } } },
  "routes/_shell.custom-orders._index": {
    action: { auth: "user", form: true, uploads: true, shapes: [{ remark: strict(words) }] },
  },
  "routes/_shell.dashboard": { loader: {} },
  "routes/_shell.explore": { loader: { query: { q: feedQuery.q, tab: one("all", "stories"), cursor: feedQuery.cursor } } },
  "routes/_shell.multi-agent-chat.$projectId": { loader: { params: { projectId: cuid } } },
  "routes/_shell.messages": {
    loader: { query: { project: token } },
    action: { auth: "user", form: true, uploads: true, shapes: [{ message: strict(words), projectId: lenient(token) }] },
  },
  "routes/_shell.notifications": {
    loader: {},
    action: {
      auth: "user",
      form: true,
      shapes: [{ intent: strict(one("read")), id: strict(cuid) }, { intent: strict(one("open")), id: strict(cuid) }, { intent: strict(one("read-all")) }],
    },
  },
  "routes/_shell.payment": {
    loader: { query: { plan: one("BASIC", "PRO"), code: token, orderId: cuid, payment: one("success", "failure"), txnid: token } },
    action: { auth: "open", form: true, shapes: [{ plan: strict(one("BASIC", "PRO")), code: strict(token), orderId: strict(cuid) }] },
  },
  "routes/_shell.plans": {
    loader: { query: { payment: one("success", "error"), txnid: token } },
    action: { auth: "open", form: true, shapes: [{ intent: strict(one("apply-discount")), code: strict(token) }] },
  },
  "routes/_shell.settings": {
    loader: { query: { tab: one("profile", "plans") } },
    action: {
      auth: "user",
      form: true,
      uploads: true,
      shapes: [
        { intent: strict(one("username")), username: strict(token) },
        { intent: strict(one("avatar")) },
        { intent: strict(one("create-token")), name: strict(words) },
        { intent: strict(one("revoke-token")), tokenId: strict(cuid) },
        { intent: strict(one("disconnect-app")), clientId: strict(token) },
      ],
    },
  },
  "routes/_shell.video-projects.$projectId": {
    loader: { params: { projectId: cuid }, query: { history: one("open", "closed", "x") } },
    action: { auth: "user", form: true, params: { projectId: cuid }, shapes: videoProjectShapes },
  },
  "routes/_shell.video-projects._index": {
    loader: { query: { history: one("open", "closed", "x") } },
    action: { auth: "user", form: true, shapes: videoProjectShapes },
  },
  "routes/api.agents.execute": {
    loader: {},
    // JSON with a bearer token; without one the answer is 401 and nothing runs.
    action: { auth: "open", form: false, shapes: [{ function: lenient(token) }] },
  },
  "routes/api.inngest": {
    loader: { query: { fnId: token, stepId: token } },
    // The workflow endpoint speaks Inngest's JSON protocol and checks its signature itself.
    action: { auth: "open", form: false, shapes: [{ fnId: lenient(token) }] },
  },
  "routes/api.payments.payu.failure": { loader: {}, action: callbackAction() },
  "routes/api.payments.payu.success": { loader: {}, action: callbackAction() },
  "routes/auth.callback": { loader: { query: { code: token, state: token, error: one("access_denied"), redirectTo: path } } },
  "routes/auth.google": {
    loader: {},
    action: { auth: "open", form: true, shapes: [{ from: lenient(one("login", "signup")), redirectTo }] },
  },
  "routes/auth.login": {
    loader: { query: { redirectTo: path, error: one("google", "google-not-configured") } },
    action: { auth: "open", form: true, shapes: [{ email: strict(email), password: lenient(words), redirectTo }], endsSession: true },
  },
  "routes/auth.logout": { loader: {}, action: { auth: "open", form: false, shapes: [], endsSession: true } },
  "routes/auth.signup": {
    loader: { query: { redirectTo: path, error: one("google"), method: one("phone", "email") } },
    action: {
      auth: "open",
      form: true,
      endsSession: true,
      shapes: [
        { intent: strict(one("signup")), email: strict(email), password: lenient(words), redirectTo },
        { intent: strict(one("send-code")), phone: strict(phone), redirectTo },
        { intent: strict(one("verify-code")), phone: strict(phone), code: strict(fc.stringMatching(/^[0-9]{6}$/)), redirectTo },
      ],
    },
  },
  "routes/contact": { loader: {} },
  "routes/dev.outbox": { loader: { query: { to: phone } } },
  "routes/healthz": { loader: { reports503: true } },
  "routes/not-found": { loader: {} },
  "routes/oauth.consent": {
    loader: { query: { request: oauthRequestId } },
    action: {
      auth: "user",
      form: true,
      shapes: [{ request: strict(oauthRequestId), decision: strict(one("allow", "deny")) }],
    },
  },
  "routes/order.$accessCode": {
    loader: { params: { accessCode: token }, query: { placed: intId } },
    action: {
      auth: "open",
      form: true,
      uploads: true,
      params: { accessCode: token },
      shapes: [{ name: strict(words), email: strict(email), phone: strict(phone), remark: strict(words) }],
    },
  },
  "routes/payment.sandbox": {
    loader: {},
    action: {
      auth: "open",
      form: true,
      shapes: [
        {
          key: strict(token),
          txnid: strict(token),
          amount: strict(one("600.00")),
          productinfo: strict(words),
          firstname: strict(words),
          email: strict(email),
          surl: strict(one("http://127.0.0.1/api/payments/payu/success")),
          hash: strict(token),
        },
      ],
    },
  },
  "routes/privacy": { loader: {} },
  "routes/files.signed.$bucket.$": {
    loader: {
      params: { bucket: one("avatars", "product-photos", "renders", "project-images", "nope"), "*": fc.webPath() },
      query: { expires: fc.oneof(nasty, fc.integer().map(String)), signature: nasty },
    },
  },
  "routes/resources.admin.orders.$orderId.files": {
    loader: { params: { orderId: cuid } },
    action: {
      auth: "user",
      form: true,
      uploads: true,
      params: { orderId: cuid },
      query: { role: one("admin", "delivery", "x"), deliver: one("1") },
      shapes: [{ deliveryUrl: strict(one("https://example.com/v.mp4")), deliveryMessage: strict(words) }],
    },
  },
  "routes/resources.custom-orders": {
    loader: {},
    action: { auth: "user", form: true, uploads: true, shapes: [{ remark: strict(words) }] },
  },
  "routes/resources.files.$bucket.$": {
    loader: { params: { bucket: one("avatars", "product-photos", "renders", "nope"), "*": fc.webPath() } },
  },
  "routes/resources.live": { loader: { stream: true } },
  "routes/resources.brand-preview": { loader: { query: { v: nasty } } },
  "routes/resources.order-links.$accessCode": {
    loader: { params: { accessCode: token } },
    action: {
      auth: "open",
      form: true,
      uploads: true,
      params: { accessCode: token },
      shapes: [{ name: strict(words), email: strict(email), phone: strict(phone), remark: strict(words) }],
    },
  },
  "routes/resources.assistant": {
    loader: { query: { projectId: cuid, sessionId: cuid } },
    action: {
      auth: "user",
      form: true,
      shapes: [
        {
          intent: strict(one("send")),
          sessionId: strict(cuid),
          message: strict(words),
          clientRequestId: strict(token),
          sceneId: strict(cuid),
          returnTo: lenient(path),
        },
        { intent: strict(one("new")), projectId: strict(cuid), returnTo: lenient(path) },
        { intent: strict(one("open")), projectId: strict(cuid), sessionId: strict(cuid), returnTo: lenient(path) },
        { intent: strict(one("delete")), sessionId: strict(cuid), returnTo: lenient(path) },
        { intent: strict(one("confirm", "decline")), replyId: strict(cuid), returnTo: lenient(path) },
      ],
    },
  },
  "routes/resources.projects.$projectId.canvas": {
    loader: { params: { projectId: cuid } },
    action: { auth: "user", form: true, params: { projectId: cuid }, shapes: [{ intent: strict(one("optimize")) }] },
  },
  "routes/resources.voices.$voiceId.sample": {
    // A fuzzed id that names another seeded voice makes that voice's sample on first use: a
    // shared cache fill, which the snapshot does not count (http-helpers.ts).
    loader: { params: { voiceId: one("1", "0", "-1", "99999", "1e3", "abc", "12345678901234567890") }, warm: ["/resources/voices/1/sample"] },
  },
  "routes/resources.upload.$bucket": {
    loader: { params: { bucket: one("avatars", "product-photos") } },
    action: {
      auth: "user",
      form: false,
      uploads: true,
      params: { bucket: one("avatars", "product-photos", "background-music", "renders", "nope") },
      query: { sceneId: cuid, kind: one("image", "audio"), projectId: cuid, purpose: one("logo"), orderId: cuid, ownerId: cuid },
      shapes: [],
    },
  },
  "routes/status": { loader: { reports503: true } },
  "routes/terms": { loader: {} },
};

function callbackAction(): ActionSpec {
  return {
    auth: "open",
    form: true,
    shapes: [
      {
        txnid: strict(fc.stringMatching(/^RF[0-9A-Z]{10,20}$/)),
        status: strict(one("success", "failure", "pending")),
        key: strict(token),
        amount: strict(one("600.00")),
        productinfo: strict(words),
        hash: strict(token),
        field9: strict(words),
      },
    ],
  };
}
