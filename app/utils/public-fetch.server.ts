// Fetching a URL a user handed us (the MCP upload_product_image tool's `url`) without letting it
// reach inside our network (docs/decisions/162-fetching-user-urls.md): http(s) only, no
// credentials in the URL, every address the host name resolves to must be public (no loopback,
// private, link-local, CGNAT, multicast or reserved ranges, IPv4 or IPv6, in any notation:
// ADR 275), and the connection
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

// IPv4: everything that is not ordinary public unicast (IANA special-purpose registry).
const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this" network (0.0.0.0 reaches the local host on Linux)
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
  blockedV4.addSubnet(net, prefix, "ipv4");
}

// IPv6 is allowed only inside global unicast (2000::/3), less the special ranges in it below,
// or when it embeds a public IPv4 address in one of the forms that reach it (ADR 275). Outside
// 2000::/3 everything is refused: ::, ::1, IPv4-compatible ::a.b.c.d, 64:ff9b:1::/48
// (local-use NAT64), 100::/64, fc00::/7, fe80::/10, fec0::/10, ff00::/8 and the reserved rest.
const globalUnicastV6 = subnetsV6([["2000::", 3]]);
const blockedInGlobalV6 = subnetsV6([
  ["2001:2::", 48], // benchmarking
  ["2001:10::", 28], // ORCHID
  ["2001:20::", 28], // ORCHIDv2
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
]);
const mappedV6 = subnetsV6([
  ["::ffff:0:0", 96], // IPv4-mapped, ::ffff:a.b.c.d
  ["::ffff:0:0:0", 96], // IPv4-translated (SIIT), ::ffff:0:a.b.c.d
  ["64:ff9b::", 96], // NAT64 well-known prefix
]);
const sixToFourV6 = subnetsV6([["2002::", 16]]);
const teredoV6 = subnetsV6([["2001::", 32]]);

function subnetsV6(list: ReadonlyArray<readonly [string, number]>): BlockList {
  const set = new BlockList();
  for (const [net, prefix] of list) set.addSubnet(net, prefix, "ipv6");
  return set;
}

/** The 16 bytes of a valid IPv6 address (any notation Node accepts, a dotted IPv4 tail included). */
function ipv6Bytes(address: string): Uint8Array {
  let text = address.toLowerCase();
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[2].split(".").map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const groups = (s: string) => (s ? s.split(":").map((h) => parseInt(h, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 255;
  });
  return bytes;
}

const dottedQuad = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;

/**
 * An address in canonical form: IPv4 dotted quad or IPv6 as Node writes it; IPv4 in the legacy
 * notations URL parsers and inet_aton accept (2130706433, 0177.0.0.1, 0x7f.1) is read the way
 * the WHATWG URL parser reads a host, so the guard sees the address a connection would reach.
 */
function canonicalAddress(raw: string): { family: 4 | 6; address: string } | null {
  const bare = raw
    .trim()
    .replace(/^\[|\]$/g, "")
    .split("%")[0];
  if (isIP(bare) === 4) return { family: 4, address: bare };
  if (isIP(bare) === 6) return { family: 6, address: bare };
  if (!/^[0-9a-fx.]+$/i.test(bare)) return null;
  try {
    const host = new URL(`http://${bare}/`).hostname;
    return isIP(host) === 4 ? { family: 4, address: host } : null;
  } catch {
    return null;
  }
}

/** Whether an IP address is not on the public internet (or is not an IP address at all). */
export function isBlockedAddress(address: string): boolean {
  const parsed = canonicalAddress(address);
  if (!parsed) return true;
  if (parsed.family === 4) return blockedV4.check(parsed.address, "ipv4");
  const v6 = parsed.address;
  const bytes = ipv6Bytes(v6);
  // Forms that carry an IPv4 address the packet ends up at: judged by that address.
  if (mappedV6.check(v6, "ipv6")) return blockedV4.check(dottedQuad(bytes, 12), "ipv4");
  if (sixToFourV6.check(v6, "ipv6")) return blockedV4.check(dottedQuad(bytes, 2), "ipv4");
  if (teredoV6.check(v6, "ipv6")) {
    const client = bytes.slice(12).map((b) => b ^ 0xff);
    return blockedV4.check(dottedQuad(bytes, 4), "ipv4") || blockedV4.check(dottedQuad(client, 0), "ipv4");
  }
  if (!globalUnicastV6.check(v6, "ipv6")) return true;
  return blockedInGlobalV6.check(v6, "ipv6");
}

export type PublicFetchOptions = {
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** The Accept header (default "image/*"; a web page asks for HTML). */
  accept?: string;
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

function requestOnce(
  url: URL,
  opts: Required<Pick<PublicFetchOptions, "maxBytes">> & { isBlocked: (a: string) => boolean; signal: AbortSignal; accept: string },
): Promise<Hop> {
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
        headers: { "User-Agent": "Reelforge/1.0 (+upload_product_image)", Accept: opts.accept },
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
      result = await requestOnce(url, { maxBytes: options.maxBytes, isBlocked, signal, accept: options.accept ?? "image/*" });
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
