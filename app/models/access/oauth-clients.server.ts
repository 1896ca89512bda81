// OAuth clients of the MCP server, registered by themselves through dynamic client registration
// (RFC 7591; the SDK's /register handler parses the metadata and calls registerOAuthClient).
// Every client is a public client: no secret is issued or stored, PKCE protects the code
// (docs/decisions/167-mcp-oauth.md).
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { InvalidClientMetadataError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { prisma, type Prisma } from "~/utils/db.server";

export const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const MAX_NAME_LENGTH = 200;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Schemes a redirect may never use, even for a native app's private-use scheme. */
const REFUSED_SCHEMES = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:", "about:", "ftp:", "ws:", "wss:", "mailto:", "tel:"]);
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Where a client may have its codes sent: https anywhere, http only to this machine (native
 * apps listening on a loopback port, RFC 8252 §7.3), or a native app's own scheme (§7.1).
 * Null when allowed, else the reason.
 */
export function redirectUriProblem(value: string): string | null {
  if (value.length > MAX_URI_LENGTH || CONTROL.test(value)) return "redirect_uris must be short URLs without control characters";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `redirect_uri ${value.slice(0, 100)} is not a URL`;
  }
  if (url.hash) return "redirect_uris must not have a fragment";
  if (url.username || url.password) return "redirect_uris must not carry credentials";
  if (url.protocol === "https:") return url.hostname ? null : "redirect_uris must name a host";
  if (url.protocol === "http:") return LOOPBACK_HOSTS.has(url.hostname) ? null : "http redirect_uris are allowed only on localhost (use https)";
  if (REFUSED_SCHEMES.has(url.protocol)) return `redirect_uris cannot use ${url.protocol}`;
  return null;
}

/** The client to store: public, with the server's choices in place of what it asked for. */
export function publicClientInformation(
  requested: Omit<OAuthClientInformationFull, "client_id" | "client_id_issued_at"> & { client_id?: string; client_id_issued_at?: number },
): OAuthClientInformationFull {
  if (!requested.client_id) throw new InvalidClientMetadataError("client_id was not generated");
  if (!requested.redirect_uris.length) throw new InvalidClientMetadataError("redirect_uris must list at least one URI");
  if (requested.redirect_uris.length > MAX_REDIRECT_URIS) throw new InvalidClientMetadataError(`at most ${MAX_REDIRECT_URIS} redirect_uris`);
  for (const uri of requested.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new InvalidClientMetadataError(problem);
  }
  const grantTypes = requested.grant_types ?? ["authorization_code", "refresh_token"];
  if (!grantTypes.includes("authorization_code")) throw new InvalidClientMetadataError("grant_types must include authorization_code");
  if (requested.response_types && !requested.response_types.includes("code")) throw new InvalidClientMetadataError("response_types must include code");
  const name =
    requested.client_name
      ?.replace(/[\u0000-\u001f\u007f]/g, " ")
      .trim()
      .slice(0, MAX_NAME_LENGTH) || undefined;
  // The registration response tells the client what it got: no secret, auth method "none".
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { client_secret, client_secret_expires_at, ...rest } = requested;
  return {
    ...rest,
    client_id: requested.client_id,
    client_id_issued_at: requested.client_id_issued_at ?? Math.floor(Date.now() / 1000),
    client_name: name,
    token_endpoint_auth_method: "none",
    grant_types: grantTypes.filter((g) => g === "authorization_code" || g === "refresh_token"),
    response_types: ["code"],
  };
}

export async function registerOAuthClient(requested: Parameters<typeof publicClientInformation>[0]): Promise<OAuthClientInformationFull> {
  const info = publicClientInformation(requested);
  const metadata = JSON.stringify(info);
  // PostgreSQL text and jsonb cannot hold NUL.
  if (metadata.includes("\\u0000")) throw new InvalidClientMetadataError("client metadata must not contain NUL characters");
  await prisma.oAuthClient.create({
    data: {
      id: info.client_id,
      name: info.client_name ?? null,
      redirectUris: info.redirect_uris,
      metadata: JSON.parse(metadata) as Prisma.InputJsonValue,
    },
  });
  return info;
}

/** A registered client, or undefined (also for ids that cannot be one). */
export async function getOAuthClient(clientId: string): Promise<OAuthClientInformationFull | undefined> {
  if (!clientId || clientId.length > 200 || CONTROL.test(clientId)) return undefined;
  const row = await prisma.oAuthClient.findUnique({ where: { id: clientId } });
  if (!row) return undefined;
  return { ...(row.metadata as unknown as OAuthClientInformationFull), client_id: row.id, redirect_uris: row.redirectUris };
}
