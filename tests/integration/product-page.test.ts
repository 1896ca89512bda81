// Product page to ad (issue 23 item 4, ADR 305): readProductPage against store-shaped pages and
// their pictures served by a local server. The public-address guard refuses loopback, so this
// test gives the guard its test-only list of blocked addresses (every address but 127.0.0.1 is
// judged as in production; 127.0.0.2 stays refused), the way the guard's own tests do.
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readProductPage, PRODUCT_PAGE_MESSAGES } from "~/models/stories";
import { listStoredObjectsByOwner, resolveUploadRef } from "~/models/files/stored-files.server";
import { resetHits } from "~/models/access/api-rate-limits.server";
import { createProject, getProject } from "~/models/projects";
import { findTool, runTool } from "~/tools/index";
import { action } from "~/routes/_shell.create-video";
import { prisma } from "~/utils/db.server";
import { call, formRequest } from "./auth-helpers";
import { newUser, useTempStorage } from "./storage-helpers";
import { webActor } from "../support/web-actor";

vi.mock("~/utils/public-fetch.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/utils/public-fetch.server")>();
  const isBlocked = (address: string) => address !== "127.0.0.1" && real.isBlockedAddress(address);
  return { ...real, fetchPublicUrl: (url: string, options: Parameters<typeof real.fetchPublicUrl>[1]) => real.fetchPublicUrl(url, { ...options, isBlocked }) };
});

const FIXTURES = path.join(import.meta.dirname, "../fixtures/product-pages");
const HOSTS = ["northwind-goods.example", "oakandthread.example", "www.bazaarly.example", "img.bazaarly.example"];

let storage: Awaited<ReturnType<typeof useTempStorage>>;
let server: http.Server;
let origin = "";
const images = new Map<string, { type: string; body: Buffer }>();
const hits: string[] = [];

function page(name: string): string {
  let html = readFileSync(path.join(FIXTURES, name), "utf8");
  for (const host of HOSTS) html = html.replaceAll(`https://${host}`, origin).replaceAll(`http://${host}`, origin).replaceAll(`https:\\/\\/${host}`, origin);
  return html;
}

beforeAll(async () => {
  storage = await useTempStorage();
  const photo = (w: number, h: number, r: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 120, b: 60 } } });
  images.set("/cdn/shop/products/flask-front.png", { type: "image/png", body: await photo(64, 96, 10).png().toBuffer() });
  images.set("/cdn/shop/products/flask-side.jpg", { type: "image/jpeg", body: await photo(80, 80, 200).jpeg().toBuffer() });
  // WooCommerce's picture is not an image at all (a page that says it is one).
  images.set("/wp-content/uploads/2026/03/apron-1.jpg", { type: "image/jpeg", body: Buffer.from("<html>not a picture</html>") });
  images.set("/img/dripper-main.jpg", { type: "image/jpeg", body: await photo(120, 120, 90).jpeg().toBuffer() });
  // /p/dripper-top.png is missing (404).
  images.set("/images/sunrise-candle.jpg", { type: "image/jpeg", body: await photo(50, 70, 240).jpeg().toBuffer() });
  images.set("/images/sunrise-candle-lit.png", { type: "image/png", body: await photo(70, 50, 30).png().toBuffer() });
  images.set("/big.png", { type: "image/png", body: Buffer.alloc(11 * 1024 * 1024, 1) });
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin);
    hits.push(url.pathname);
    const html = (body: string) => res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(body);
    if (url.pathname === "/slow") return; // never answers
    if (url.pathname === "/huge") return html(`<title>x</title>${"<p>filler</p>".repeat(220_000)}`);
    if (url.pathname === "/moved") return res.writeHead(302, { Location: "/products/trail-flask" }).end();
    if (url.pathname === "/products/trail-flask") return html(page("shopify.html"));
    if (url.pathname === "/product/linen-apron/") return html(page("woocommerce.html"));
    if (url.pathname === "/p/12345") return html(page("marketplace.html"));
    if (url.pathname === "/shop/sunrise") return html(page("opengraph-only.html"));
    if (url.pathname === "/about") return html(page("none.html"));
    if (url.pathname === "/to-private") return res.writeHead(302, { Location: "http://127.0.0.2/" }).end();
    if (url.pathname === "/big-picture")
      return html(`<meta property="og:type" content="product"><meta property="og:title" content="Big"><meta property="og:image" content="/big.png">`);
    if (url.pathname === "/picture.png") return res.writeHead(200, { "Content-Type": "image/png" }).end(images.get("/images/sunrise-candle-lit.png")!.body);
    const image = images.get(url.pathname);
    if (image) return res.writeHead(200, { "Content-Type": image.type }).end(image.body);
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await storage.cleanup();
});

async function reader() {
  const { user } = await newUser();
  return { user, actor: webActor(user.id), stored: () => listStoredObjectsByOwner(user.id, { bucket: "product-photos" }) };
}

describe("readProductPage", () => {
  it("reads a Shopify-style page after a redirect: product fields, idea, its pictures stored once each as the user's product photos", async () => {
    const { user, actor, stored } = await reader();
    const result = await readProductPage(actor, `${origin}/moved`);
    if (!result.ok) throw new Error(result.message);
    expect(result.pageUrl).toBe(`${origin}/products/trail-flask`);
    expect(result.product).toEqual({
      name: "Trail Flask 750 ml",
      brand: "Northwind",
      price: "34.00",
      currency: "USD",
      description: expect.stringMatching(/^Our Trail Flask keeps drinks cold/),
    });
    expect(result.idea).toMatch(/^Trail Flask 750 ml by Northwind\. Our Trail Flask keeps drinks cold for 24 hours and hot for 12\. .* Now 34\.00 USD\.$/);
    // front.png, side.jpg, and front.png?v=1699 (the same bytes: stored once).
    expect(result.photoRefs).toHaveLength(2);
    expect(result.skipped).toBe(0);
    expect(result.photos.map((p) => p.contentType)).toEqual(["image/png", "image/jpeg"]);
    for (const ref of result.photoRefs) {
      expect(ref).toMatch(/^product-photos\//);
      // What Create Video's productImageRef / mediaRef accept: the user's own image upload.
      expect(await resolveUploadRef(ref, { bucket: "product-photos", ownerId: user.id, kinds: ["image"] })).not.toBeNull();
    }
    expect(await stored()).toHaveLength(2);
  });

  it("reads a WooCommerce-style page whose picture is not an image: the product, no photo, one skipped", async () => {
    const { actor, stored } = await reader();
    const result = await readProductPage(actor, `${origin}/product/linen-apron/`);
    expect(result).toMatchObject({
      ok: true,
      product: { name: "Linen Apron", brand: "Oak & Thread", price: "1299.00", currency: "GBP" },
      photoRefs: [],
      skipped: 1,
    });
    expect(await stored()).toHaveLength(0);
  });

  it("reads a marketplace page with a JSON-LD @graph: the main product, one picture stored, a missing one skipped", async () => {
    const { actor } = await reader();
    const result = await readProductPage(actor, `${origin}/p/12345`);
    expect(result).toMatchObject({
      ok: true,
      product: { name: "Ceramic Pour-Over Coffee Dripper, Matte White", brand: "Kiln & Co", price: "18.50" },
      skipped: 1,
    });
    if (result.ok) expect(result.photoRefs).toHaveLength(1);
  });

  it("reads a page with only OpenGraph", async () => {
    const { actor } = await reader();
    const result = await readProductPage(actor, `${origin}/shop/sunrise`);
    expect(result).toMatchObject({ ok: true, product: { name: "Sunrise Candle", brand: "Hearth Studio", price: "22.50", currency: "EUR" }, skipped: 0 });
    if (result.ok) {
      expect(result.photoRefs).toHaveLength(2);
      expect(result.idea).toBe("Sunrise Candle by Hearth Studio. Soy wax candle with notes of orange peel and cedar. Burns for 45 hours. Now 22.50 EUR.");
    }
  });

  it("refuses a page with no product and no picture, and stores nothing", async () => {
    const { actor, stored } = await reader();
    expect(await readProductPage(actor, `${origin}/about`)).toEqual({ ok: false, code: "not_product_page", message: PRODUCT_PAGE_MESSAGES.notProductPage });
    expect(await readProductPage(actor, `${origin}/picture.png`)).toEqual({ ok: false, code: "not_product_page", message: PRODUCT_PAGE_MESSAGES.notHtml });
    expect(await stored()).toHaveLength(0);
  });

  it("answers each failure with its own message", async () => {
    const { actor, stored } = await reader();
    for (const bad of ["", "not a url", "ftp://example.com/x", "javascript:alert(1)", 42]) {
      expect(await readProductPage(actor, bad)).toEqual({ ok: false, code: "invalid_url", message: PRODUCT_PAGE_MESSAGES.invalidUrl });
    }
    const port = (server.address() as AddressInfo).port;
    // An address without a scheme is read as https (this plain http server cannot answer that).
    expect(await readProductPage(actor, `127.0.0.1:${port}/shop/sunrise`)).toMatchObject({ ok: false, code: "unreachable" });
    expect(await readProductPage(actor, `http://127.0.0.2:${port}/products/trail-flask`)).toMatchObject({ ok: false, code: "blocked" });
    expect(await readProductPage(actor, `${origin}/to-private`)).toMatchObject({ ok: false, code: "blocked", message: PRODUCT_PAGE_MESSAGES.blocked });
    expect(await readProductPage(actor, `${origin}/missing`)).toEqual({
      ok: false,
      code: "unreachable",
      message: PRODUCT_PAGE_MESSAGES.unreachable("it answered HTTP 404"),
    });
    expect(await readProductPage(actor, `${origin}/huge`)).toEqual({ ok: false, code: "too_large", message: PRODUCT_PAGE_MESSAGES.tooLarge });
    const started = Date.now();
    expect(await readProductPage(actor, `${origin}/slow`)).toEqual({ ok: false, code: "timeout", message: PRODUCT_PAGE_MESSAGES.timeout });
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(await stored()).toHaveLength(0);
  });

  it("skips a picture over 10 MB", async () => {
    const { actor, stored } = await reader();
    expect(await readProductPage(actor, `${origin}/big-picture`)).toMatchObject({ ok: true, product: { name: "Big" }, photoRefs: [], skipped: 1 });
    expect(await stored()).toHaveLength(0);
  });

  it("lets one user read about one page every five seconds (12 a minute)", async () => {
    const { user, actor } = await reader();
    for (let i = 0; i < 12; i++) expect(await readProductPage(actor, `${origin}/missing`)).toMatchObject({ code: "unreachable" });
    expect(await readProductPage(actor, `${origin}/missing`)).toMatchObject({ ok: false, code: "throttled" });
    await resetHits(`product-page:${user.id}`);
    expect(await readProductPage(actor, `${origin}/missing`)).toMatchObject({ code: "unreachable" });
  });
});

describe("the read_product_page tool", () => {
  const ctx = () => ({ origin: "http://reelforge.test", signal: new AbortController().signal, progress: async () => {} });

  it("answers the product, the idea and the refs, which upload_product_image takes as the project's product image", async () => {
    const { actor } = await reader();
    const tool = findTool("read_product_page")!;
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    const read = await runTool(tool, actor, { url: `${origin}/shop/sunrise` }, ctx());
    if (!read.ok) throw new Error(read.message);
    expect(read.data).toMatchObject({ product: { name: "Sunrise Candle", currency: "EUR" }, skipped: 0 });
    const refs = read.data.photoRefs as string[];
    expect(refs).toHaveLength(2);

    const project = await createProject(actor, { title: "From a page" });
    const upload = await runTool(findTool("upload_product_image")!, actor, { projectId: project.id, filename: "candle.jpg", ref: refs[0] }, ctx());
    expect(upload).toMatchObject({ ok: true, data: { projectId: project.id, mimeType: "image/jpeg" } });
    expect((await getProject(actor, project.id)).mainProductImageUrl).toBe(`/resources/files/${refs[0]}`);

    // Someone else's ref is refused, and a failure reads as the tool's failure.
    const other = await reader();
    const theirs = await createProject(other.actor, { title: "Not mine" });
    const refused = await runTool(findTool("upload_product_image")!, other.actor, { projectId: theirs.id, filename: "x.jpg", ref: refs[1] }, ctx());
    expect(refused).toMatchObject({ ok: false });
    expect(await runTool(tool, actor, { url: `${origin}/about` }, ctx())).toEqual({
      ok: false,
      message: `Failed to read the product page: ${PRODUCT_PAGE_MESSAGES.notProductPage}`,
    });
  });
});

describe("the Create Video page's product page form", () => {
  it("answers the prefill for intent=read-product-page, charges nothing and creates no story", async () => {
    const { user, cookie } = await newUser();
    const out = await call(action, formRequest("/create-video?new=1", { intent: "read-product-page", productPageUrl: `${origin}/shop/sunrise` }, cookie));
    expect(out.status).toBe(200);
    const body = out.body as { intent: string; ok: boolean; idea: string; product: { name: string }; photos: { ref: string; url: string }[] };
    expect(body).toMatchObject({ intent: "read-product-page", ok: true, product: { name: "Sunrise Candle" }, skipped: 0 });
    expect(body.idea).toMatch(/^Sunrise Candle by Hearth Studio\./);
    expect(body.photos.map((p) => p.url)).toEqual(body.photos.map((p) => `/resources/files/${p.ref}`));
    expect(await prisma.story.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers a refused address with its message (400) and stores nothing", async () => {
    const { user, cookie } = await newUser();
    const port = (server.address() as AddressInfo).port;
    const out = await call(action, formRequest("/create-video?new=1", { intent: "read-product-page", productPageUrl: `http://127.0.0.2:${port}/` }, cookie));
    expect(out).toMatchObject({ status: 400, body: { intent: "read-product-page", ok: false, message: PRODUCT_PAGE_MESSAGES.blocked } });
    expect(await listStoredObjectsByOwner(user.id)).toHaveLength(0);
  });
});
