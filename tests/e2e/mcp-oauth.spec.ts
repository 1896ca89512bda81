// MCP OAuth in a real browser (docs/product.md#mcp-oauth): a client's /authorize sends an
// anonymous visitor through sign-in to the consent page and back to the client with a code
// (on a phone-sized screen), and Deny works without JavaScript.
import { createHash, randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USER } from "./support/sign-in";

async function registerClient(request: APIRequestContext, redirectUri: string): Promise<string> {
  const res = await request.post("/register", { data: { client_name: "E2E Agent", redirect_uris: [redirectUri] } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function authorizeUrl(baseURL: string, clientId: string, redirectUri: string, challenge: string, state: string): string {
  const url = new URL("/authorize", baseURL);
  for (const [k, v] of Object.entries({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: "S256",
    scope: "mcp",
    state,
    resource: new URL("/mcp", baseURL).href,
  })) {
    url.searchParams.set(k, v);
  }
  return url.href;
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an anonymous visitor signs in, allows the client, and the client gets tokens for the code", async ({ page, request, baseURL }) => {
    const redirectUri = new URL("/oauth-e2e-callback", baseURL).href;
    const clientId = await registerClient(request, redirectUri);
    const { verifier, challenge } = pkce();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (msg) => {
      if (msg.type() === "error" && !/404/.test(msg.text())) errors.push(msg.text());
    });
    await page.goto(authorizeUrl(baseURL!, clientId, redirectUri, challenge, "e2e-state"));
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(DEMO_USER);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Connect an application" })).toBeVisible();
    // The page hydrates (the sign-in redirect loaded it as a document) before the answer.
    await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized));
    expect(errors).toEqual([]);
    await expect(page.getByText("E2E Agent")).toBeVisible();
    await expect(page.getByText("act as you in Reelforge: create and edit video projects, spend your credits")).toBeVisible();
    await expect(page.getByText(new URL(baseURL!).host, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();

    await page.waitForURL((url) => url.pathname === "/oauth-e2e-callback");
    const back = new URL(page.url());
    expect(back.searchParams.get("state")).toBe("e2e-state");
    const code = back.searchParams.get("code")!;
    expect(code).toBeTruthy();

    const token = await request.post("/token", {
      form: { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: redirectUri },
    });
    expect(token.status()).toBe(200);
    expect(await token.json()).toMatchObject({ token_type: "Bearer", scope: "mcp", expires_in: 3600 });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in user denies the client and it hears access_denied", async ({ page, request, baseURL }) => {
    const redirectUri = new URL("/oauth-e2e-callback", baseURL).href;
    const clientId = await registerClient(request, redirectUri);
    await page.goto("/auth/login");
    await page.getByLabel("Email").fill(DEMO_USER);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    await page.goto(authorizeUrl(baseURL!, clientId, redirectUri, pkce().challenge, "no-js"));
    await expect(page.getByRole("heading", { name: "Connect an application" })).toBeVisible();
    await page.getByRole("button", { name: "Deny" }).click();
    await page.waitForURL((url) => url.pathname === "/oauth-e2e-callback");
    const back = new URL(page.url());
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("no-js");
    expect(back.searchParams.get("code")).toBeNull();
  });
});
