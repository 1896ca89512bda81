// The fixed terms of OAuth for MCP clients (docs/decisions/167-mcp-oauth.md), without server
// dependencies: the server's router, the core and the consent page read them.

/** The one scope: everything the user can do in Reelforge through the MCP tools. */
export const MCP_SCOPE = "mcp";
export const SUPPORTED_SCOPES: readonly string[] = [MCP_SCOPE];

export const ACCESS_TOKEN_TTL_S = 60 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
/** How long a user has to sign in and decide on the consent page. */
export const AUTHORIZATION_REQUEST_TTL_S = 10 * 60;
/** How long an issued code may wait for its exchange. */
export const AUTHORIZATION_CODE_TTL_S = 5 * 60;

/** What an approved client may do, as the consent page says it. */
export const MCP_ACCESS_DESCRIPTION = "act as you in Reelforge: create and edit video projects, spend your credits";
