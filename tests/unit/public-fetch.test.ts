// The guard on fetching user-supplied URLs (app/utils/public-fetch.server.ts, ADR 162).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPublicUrl, isBlockedAddress, PUBLIC_FETCH_MESSAGES } from "~/utils/public-fetch.server";

describe("isBlockedAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.5",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::",
    "ff02::1",
    "not-an-ip",
  ])("blocks %s", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe("fetchPublicUrl", () => {
  let server: http.Server;
  let base: string;
  const image = Buffer.alloc(2048, 7);

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/image") return res.writeHead(200, { "Content-Type": "image/png" }).end(image);
      if (req.url === "/big") return res.writeHead(200).end(Buffer.alloc(10_000));
      if (req.url === "/to-image") return res.writeHead(302, { Location: "/image" }).end();
      if (req.url === "/to-metadata") return res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data" }).end();
      if (req.url === "/loop") return res.writeHead(302, { Location: "/loop" }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // The test server is on loopback: treat only 127.0.0.1 as public to exercise the rest.
  const loopbackIsPublic = (address: string) => address !== "127.0.0.1" && isBlockedAddress(address);

  it("refuses loopback, private and link-local addresses before connecting", async () => {
    for (const url of [`${base}/image`, "http://localhost:1/x", "http://10.1.2.3/x", "http://169.254.169.254/latest/meta-data", "http://[::1]/x", "http://0x7f000001/x"]) {
      await expect(fetchPublicUrl(url, { maxBytes: 1e6 })).rejects.toThrow(PUBLIC_FETCH_MESSAGES.blockedAddress);
    }
  });

  it("refuses other schemes and credentials", async () => {
    await expect(fetchPublicUrl("file:///etc/passwd", { maxBytes: 1e6 })).rejects.toThrow(PUBLIC_FETCH_MESSAGES.invalidUrl);
    await expect(fetchPublicUrl("ftp://example.com/x", { maxBytes: 1e6 })).rejects.toThrow(PUBLIC_FETCH_MESSAGES.invalidUrl);
    await expect(fetchPublicUrl("http://user:pw@example.com/x", { maxBytes: 1e6 })).rejects.toThrow(PUBLIC_FETCH_MESSAGES.credentials);
  });

  it("fetches a public URL, following a redirect", async () => {
    const got = await fetchPublicUrl(`${base}/to-image`, { maxBytes: 1e6, isBlocked: loopbackIsPublic });
    expect(got.bytes.equals(image)).toBe(true);
    expect(got.contentType).toBe("image/png");
  });

  it("refuses a redirect into a blocked network, redirect loops, errors and bodies over the cap", async () => {
    await expect(fetchPublicUrl(`${base}/to-metadata`, { maxBytes: 1e6, isBlocked: loopbackIsPublic })).rejects.toThrow(PUBLIC_FETCH_MESSAGES.blockedAddress);
    await expect(fetchPublicUrl(`${base}/loop`, { maxBytes: 1e6, isBlocked: loopbackIsPublic })).rejects.toThrow(PUBLIC_FETCH_MESSAGES.tooManyRedirects);
    await expect(fetchPublicUrl(`${base}/missing`, { maxBytes: 1e6, isBlocked: loopbackIsPublic })).rejects.toThrow(PUBLIC_FETCH_MESSAGES.status(404));
    await expect(fetchPublicUrl(`${base}/big`, { maxBytes: 5000, isBlocked: loopbackIsPublic })).rejects.toThrow(/larger than/);
  });
});
