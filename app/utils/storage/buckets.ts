// The buckets of Reelforge (docs/product.md#uploads-and-files) and their rules: which kinds
// of file each takes, whether its files are public, how keys are made, and who may upload
// through the generic endpoint. Client-safe; see docs/decisions/030-storage-buckets-and-access.md.
import { keySegment, randomId, isValidKey } from "./keys";
import { acceptAttribute, type MediaKind } from "./media-types";

export const BUCKET_NAMES = [
  "product-photos",
  "product-clips",
  "background-music",
  "avatars",
  "showcase-videos",
  "canvas-assets",
  "project-images",
  "custom-order-media",
  "message-attachments",
  "renders",
] as const;

export type BucketName = (typeof BUCKET_NAMES)[number];

export type KeyContext = {
  /** Random unique id (UUID v4). */
  id: string;
  /** Extension without the dot, already sanitised and allow-listed. */
  ext: string;
  /** Milliseconds since the epoch. */
  now: number;
  /** Caller-supplied context (sceneId, projectId, orderId ...), validated by the bucket. */
  params: Readonly<Record<string, string | undefined>>;
};

/**
 * "user": any signed-in user may upload through /resources/upload/:bucket.
 * "context": the upload belongs to something (scene, project, order): an admin may upload with
 *   the context in the query, a user only where a domain module authorises the context
 *   (app/models/files/upload-authorizers.server.ts).
 * "server": written by the server only (renders, showcase seeding).
 */
export type UploadAccess = "user" | "context" | "server";

/** Bounds a video must keep to in a bucket (checked on the probed file, ADR 270 and 315). */
export type VideoLimits = {
  /** Longest accepted duration, in seconds. */
  maxSeconds: number;
  /** Smallest accepted short side of the picture, in pixels. */
  minSide: number;
  /** Largest accepted long side of the picture, in pixels. */
  maxSide: number;
};

/** The brand's own clips in a Create Video request (docs/decisions/315-own-photos-and-clips.md). */
export const CLIP_LIMITS: VideoLimits = { maxSeconds: 60, minSide: 240, maxSide: 4096 };

export type BucketRule = {
  name: BucketName;
  /** Videos stored here must keep to these bounds. */
  videoLimits?: VideoLimits;
  /** Objects are readable by anyone (true) or only by their owner and admins (false). */
  public: boolean;
  kinds: readonly MediaKind[];
  upload: UploadAccess;
  /** Context parameters the key needs (they are checked to be safe key segments). */
  params: readonly string[];
  /** The kinds accepted for this context (narrower than `kinds` for some params). */
  kindsFor?: (params: KeyContext["params"]) => readonly MediaKind[];
  key: (ctx: KeyContext) => string;
  description: string;
};

const flat = ({ id, ext }: KeyContext) => `${id}.${ext}`;
const need = (params: KeyContext["params"], name: string) => {
  const value = params[name];
  if (!value) throw new Error(`${name} is required for this upload`);
  return keySegment(value, name);
};
const MEDIA_KINDS: readonly MediaKind[] = ["image", "video", "audio"];

export const BUCKETS: Record<BucketName, BucketRule> = {
  "product-photos": {
    name: "product-photos",
    public: false,
    kinds: ["image"],
    upload: "user",
    params: [],
    key: flat,
    description: "Product or avatar images for Create Video",
  },
  "product-clips": {
    name: "product-clips",
    public: false,
    kinds: ["video"],
    upload: "user",
    params: [],
    videoLimits: CLIP_LIMITS,
    key: flat,
    description: "The brand's own short video clips for Create Video (mp4, mov, webm; up to 60 s)",
  },
  "background-music": {
    name: "background-music",
    public: false,
    kinds: ["audio"],
    upload: "user",
    params: [],
    key: flat,
    description: "Background music for Create Video and projects",
  },
  avatars: {
    name: "avatars",
    public: true,
    kinds: ["image"],
    upload: "user",
    params: [],
    key: flat,
    description: "Profile pictures (shown next to names, so public)",
  },
  "showcase-videos": {
    name: "showcase-videos",
    public: true,
    kinds: ["video", "image"],
    upload: "server",
    params: [],
    key: flat,
    description: "Sign-in showcase carousel videos and thumbnails",
  },
  "canvas-assets": {
    name: "canvas-assets",
    public: false,
    kinds: MEDIA_KINDS,
    upload: "context",
    params: ["sceneId", "kind"],
    kindsFor: (p) => (MEDIA_KINDS.includes(p.kind as MediaKind) ? [p.kind as MediaKind] : MEDIA_KINDS),
    // scenes/{sceneId}_{kind}_{timestamp}.{ext}
    key: ({ ext, now, params }) => `scenes/${need(params, "sceneId")}_${need(params, "kind")}_${now}.${ext}`,
    description: "Scene images, clips and audio in the canvas editor",
  },
  "project-images": {
    name: "project-images",
    public: false,
    kinds: MEDIA_KINDS,
    upload: "context",
    params: ["projectId", "purpose"],
    kindsFor: (p) => (p.purpose === "main" ? ["image"] : MEDIA_KINDS),
    // A project's clips are checked like Create Video's (ADR 330): a scene may show one.
    videoLimits: CLIP_LIMITS,
    // The "public/" prefix is the documented folder name only (ADR 030); access follows the
    // object's isPublic flag, like everywhere else.
    key: ({ id, ext, now, params }) =>
      params.purpose === "main"
        ? `public/main-project-images/${need(params, "projectId")}-${now}.${ext}`
        : `public/project-assets/${need(params, "projectId")}/${id}.${ext}`,
    description: "Main product image and assets of video projects",
  },
  "custom-order-media": {
    name: "custom-order-media",
    public: false,
    kinds: ["image", "video"],
    upload: "context",
    params: ["orderId"],
    // {orderId}/{uuid}.{ext}
    key: ({ id, ext, params }) => `${need(params, "orderId")}/${id}.${ext}`,
    description: "Files attached to custom orders and files delivered by staff",
  },
  "message-attachments": {
    name: "message-attachments",
    public: false,
    kinds: ["image", "video", "audio", "document"],
    upload: "user",
    params: [],
    key: flat,
    description: "Attachments of staff-user messages",
  },
  renders: {
    name: "renders",
    public: false,
    kinds: MEDIA_KINDS,
    upload: "server",
    params: ["prefix"],
    // Generated voice-overs, images, clips and final videos: {prefix}/{uuid}.{ext}, where the
    // prefix (e.g. "projects/<id>/voice") groups a project's or story's outputs.
    key: ({ id, ext, params }) => {
      const prefix = params.prefix;
      if (prefix && !isValidKey(prefix)) throw new Error("Invalid prefix for a render key");
      return prefix ? `${prefix}/${id}.${ext}` : `${id}.${ext}`;
    },
    description: "Generated audio, images, clips and final videos",
  },
};

export function isBucketName(value: unknown): value is BucketName {
  return typeof value === "string" && (BUCKET_NAMES as readonly string[]).includes(value);
}

export function bucketRule(bucket: BucketName): BucketRule {
  return BUCKETS[bucket];
}

/** Kinds accepted for an upload into `bucket` with these params, optionally narrowed further. */
export function allowedKinds(bucket: BucketName, params: KeyContext["params"] = {}, narrow?: readonly MediaKind[]): MediaKind[] {
  const rule = BUCKETS[bucket];
  const base = rule.kindsFor ? rule.kindsFor(params) : rule.kinds;
  const kinds = base.filter((k) => rule.kinds.includes(k));
  return narrow ? kinds.filter((k) => narrow.includes(k)) : [...kinds];
}

export function acceptFor(bucket: BucketName, params: KeyContext["params"] = {}, narrow?: readonly MediaKind[]): string {
  return acceptAttribute(allowedKinds(bucket, params, narrow));
}

export function makeKeyContext(ext: string, params: KeyContext["params"] = {}, now = Date.now()): KeyContext {
  return { id: randomId(), ext, now, params };
}

// ─── URLs and references ───

export const FILES_ROUTE = "/resources/files";

/** The URL that serves an object (with access checks): /resources/files/{bucket}/{key}. */
export function fileUrl(bucket: string, key: string): string {
  return `${FILES_ROUTE}/${encodeURIComponent(bucket)}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** "bucket/key", the compact form stored in columns such as profiles.avatarKey. */
export function objectRef(bucket: string, key: string): string {
  return `${bucket}/${key}`;
}

export function parseObjectRef(ref: string | null | undefined): { bucket: BucketName; key: string } | null {
  if (!ref) return null;
  const slash = ref.indexOf("/");
  if (slash <= 0) return null;
  const bucket = ref.slice(0, slash);
  const key = ref.slice(slash + 1);
  return isBucketName(bucket) && isValidKey(key) ? { bucket, key } : null;
}

/**
 * The URL a browser uses for a stored media reference: an http(s) URL (a hosted provider's
 * result) as is, a /resources/files URL as is, a "bucket/key" reference made into the file
 * route's URL, another same-site path as is; anything else (an unusable value) is null.
 */
export function mediaUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  const ref = parseObjectRef(value);
  if (ref) return fileUrl(ref.bucket, ref.key);
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) return value;
  return null;
}

export function fileUrlFromRef(ref: string | null | undefined): string | null {
  const parsed = parseObjectRef(ref);
  return parsed ? fileUrl(parsed.bucket, parsed.key) : null;
}

/**
 * The object a URL made by fileUrl points at (absolute URLs of this app too), or null for any
 * other URL (an external http link, for example).
 */
export function parseFileUrl(url: string | null | undefined): { bucket: BucketName; key: string } | null {
  if (!url) return null;
  let pathname = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  pathname = pathname.split(/[?#]/)[0];
  if (!pathname.startsWith(`${FILES_ROUTE}/`)) return null;
  let rest: string;
  try {
    rest = pathname
      .slice(FILES_ROUTE.length + 1)
      .split("/")
      .map(decodeURIComponent)
      .join("/");
  } catch {
    return null;
  }
  return parseObjectRef(rest);
}
