// Fetching a URL a user handed us (the MCP upload_product_image tool's `url`) without letting it
// reach inside our network (docs/decisions/162-fetching-user-urls.md): http(s) only, no
// credentials in the URL, every address the host name resolves to must be public (no loopback,
// private, link-local, CGNAT, multicast or reserved ranges, IPv4 or IPv6), and the connection
// goes to the address that was checked (a DNS answer cannot change between check and connect).
// Redirects are followed a few times, each one checked the same way. The body is capped and
// the whole fetch has a deadline.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

export const PUBLIC_FETCH_MESSAGES = {
  invalidUrl: "The URL must be an http or https address",
  credentials: "The URL must not contain a user name or password",
  blockedAddress: "The URL points to a private or local network address",
  unresolved: "The URL's host could not be found",
  tooManyRedirects: "The URL redirected too many times",
  tooLarge: (max: number) => `The file at the URL is larger than ${Math.floor(max / (1024 * 1024))} MB`,
  status: (status: number) => `The URL answered HTTP ${status}`,
  timeout: "The URL did not answer in time",
  failed: "The URL could not be fetched",
} as const;

export class PublicFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PublicFetchError";
  }
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped, -compatible, NAT64 or 6to4 IPv6 address, if any. */
function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const groups = expandIPv6(lower);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:a.b.c.d and ::a.b.c.d written in hex
  if (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6], groups[7]);
  // 64:ff9b::/96 (NAT64)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4(groups[6], groups[7]);
  // 2002::/16 (6to4)
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return null;
}

function expandIPv6(address: string): number[] | null {
  if (isIP(address) !== 6 || address.includes(".")) return null;
  const [head, tail] = address.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((h) => parseInt(h, 16)) : []);
  const a = part(head);
  const b = tail === undefined ? [] : part(tail);
  const fill = tail === undefined ? 0 : 8 - a.length - b.length;
  const groups = [...a, ...new Array(fill).fill(0), ...b];
  return groups.length === 8 ? groups : null;
}

/** Whether an IP address is not on the public internet (or is not an IP address at all). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").split("%")[0];
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family === 6) {
    const v4 = embeddedIPv4(bare);
    if (v4 !== null) return blocked.check(v4, "ipv4");
    return blocked.check(bare, "ipv6");
  }
  return true;
}

export type PublicFetchOptions = {
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Tests only: which addresses count as blocked (default isBlockedAddress). */
  isBlocked?: (address: string) => boolean;
};

export type PublicFetchResult = { bytes: Buffer; contentType: string | null; finalUrl: string };

function parsePublicUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.invalidUrl);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.invalidUrl);
  if (url.username || url.password) throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.credentials);
  return url;
}

/** A DNS lookup for the socket that refuses (before connecting) any answer with a blocked address. */
function guardedLookup(isBlocked: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = (addresses as unknown as LookupAddress[]) ?? [];
      if (list.length === 0) return callback(new PublicFetchError(PUBLIC_FETCH_MESSAGES.unresolved), "", 0);
      if (list.some((a) => isBlocked(a.address))) return callback(new PublicFetchError(PUBLIC_FETCH_MESSAGES.blockedAddress), "", 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

type Hop = { status: number; location: string | null; contentType: string | null; bytes: Buffer | null };

function requestOnce(url: URL, opts: Required<Pick<PublicFetchOptions, "maxBytes">> & { isBlocked: (a: string) => boolean; signal: AbortSignal }): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    // An IP literal never goes through the lookup: check it here.
    if (isIP(literal) && opts.isBlocked(literal)) return reject(new PublicFetchError(PUBLIC_FETCH_MESSAGES.blockedAddress));
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "GET",
        lookup: guardedLookup(opts.isBlocked),
        signal: opts.signal,
        headers: { "User-Agent": "Reelforge/1.0 (+upload_product_image)", Accept: "image/*" },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = typeof res.headers["content-type"] === "string" ? res.headers["content-type"] : null;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: typeof res.headers.location === "string" ? res.headers.location : null, contentType, bytes: null });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return resolve({ status, location: null, contentType, bytes: null });
        }
        const declared = Number(res.headers["content-length"]);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy();
          return reject(new PublicFetchError(PUBLIC_FETCH_MESSAGES.tooLarge(opts.maxBytes)));
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > opts.maxBytes) {
            res.destroy();
            reject(new PublicFetchError(PUBLIC_FETCH_MESSAGES.tooLarge(opts.maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ status, location: null, contentType, bytes: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/**
 * GETs a user-supplied URL under the rules above. Throws PublicFetchError with a message for
 * people (the tool shows it) for every refusal and failure.
 */
export async function fetchPublicUrl(raw: string, options: PublicFetchOptions): Promise<PublicFetchResult> {
  const isBlocked = options.isBlocked ?? isBlockedAddress;
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 20_000);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let url = parsePublicUrl(raw);
  const maxRedirects = options.maxRedirects ?? 3;
  for (let hop = 0; ; hop++) {
    let result: Hop;
    try {
      result = await requestOnce(url, { maxBytes: options.maxBytes, isBlocked, signal });
    } catch (error) {
      if (error instanceof PublicFetchError) throw error;
      if (deadline.aborted) throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.timeout);
      if (options.signal?.aborted) throw error;
      const code = (error as { code?: string }).code;
      if (code === "ENOTFOUND" || code === "EAI_AGAIN") throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.unresolved);
      throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.failed);
    }
    if (result.bytes) return { bytes: result.bytes, contentType: result.contentType, finalUrl: url.toString() };
    if (result.status >= 300 && result.status < 400 && result.location) {
      if (hop >= maxRedirects) throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.tooManyRedirects);
      url = parsePublicUrl(new URL(result.location, url).toString());
      continue;
    }
    throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.status(result.status));
  }
}
