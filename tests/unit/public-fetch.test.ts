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
    // issue 21: every mapped, compatible, embedded and legacy notation of a non-public address
    "::ffff:0:7f00:1", // IPv4-translated loopback in hex (the probe's address)
    "[::ffff:0:7f00:1]",
    "0:0:0:0:0:ffff:7f00:1",
    "::ffff:0:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:a00:1",
    "::ffff:c0a8:101",
    "::ffff:0.0.0.0",
    "::127.0.0.1", // IPv4-compatible
    "::7f00:1",
    "::8.8.8.8", // IPv4-compatible is deprecated: refused whatever it embeds
    "::0.0.0.1",
    "64:ff9b::7f00:1", // NAT64 well-known prefix embedding loopback
    "64:ff9b::10.0.0.1",
    "64:ff9b::c0a8:101",
    "64:ff9b:1::808:808", // local-use NAT64: never public
    "64:ff9b:1:abcd::a00:1",
    "2002:a00:1::", // 6to4 of 10.0.0.1
    "2002:c0a8:101::1",
    "2002:a9fe:a9fe::",
    "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo, client 127.0.0.1
    "2001:0:a00:1::f7f7:f7f7", // Teredo, server 10.0.0.1
    "0.0.0.0",
    "0.1.2.3", // 0.0.0.0/8
    "2130706433", // 127.0.0.1 in decimal
    "0177.0.0.1", // octal
    "0x7f.1", // hex, short form
    "0x7f000001",
    "017700000001",
    "0xa9.0xfe.0xa9.0xfe",
    "fc00::", // unique local fc00::/7
    "fdff:ffff::1",
    "fe80::1%eth0", // link-local with a zone
    "febf::1",
    "fec0::1", // site-local
    "ff05::2", // multicast
    "100::1", // discard
    "2001:db8::1", // documentation
    "3fff::1",
    "2001:2::1", // benchmarking
    "5f00::1", // outside global unicast
    "0:0:0:0:0:0:0:0",
    "0:0:0:0:0:0:0:1",
    "[::1]",
    "",
  ])("blocks %s", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "64:ff9b::808:808", // NAT64 of a public address
    "2002:808:808::1", // 6to4 of a public address
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7", // Teredo, public server and client (8.8.8.8)
    "134744072", // 8.8.8.8 in decimal
    "2a00:1450:4001:80b::200e",
  ])("allows %s", (address) => {
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
      if (req.url?.startsWith("/redirect?to=")) return res.writeHead(302, { Location: decodeURIComponent(req.url.slice("/redirect?to=".length)) }).end();
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
    for (const url of [
      `${base}/image`,
      "http://localhost:1/x",
      "http://10.1.2.3/x",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/x",
      "http://0x7f000001/x",
    ]) {
      await expect(fetchPublicUrl(url, { maxBytes: 1e6 })).rejects.toThrow(PUBLIC_FETCH_MESSAGES.blockedAddress);
    }
  });

  it("refuses every mapped, compatible, NAT64 and legacy notation of this host, and never reaches the server", async () => {
    // A server of its own on every local address (IPv4 and IPv6), counting what reaches it.
    let hits = 0;
    const local = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200, { "Content-Type": "image/png" }).end(image);
    });
    await new Promise<void>((resolve) => local.listen(0, "::", resolve));
    const port = (local.address() as AddressInfo).port;
    try {
      const hosts = [
        "[::ffff:0:7f00:1]",
        "[::ffff:127.0.0.1]",
        "[::ffff:7f00:1]",
        "[0:0:0:0:0:ffff:7f00:1]",
        "[::127.0.0.1]",
        "[::7f00:1]",
        "[64:ff9b::7f00:1]",
        "[64:ff9b:1::7f00:1]",
        "[2002:7f00:1::1]",
        "[::]",
        "[::1]",
        "[fe80::1]",
        "[fc00::1]",
        "0.0.0.0",
        "2130706433",
        "0177.0.0.1",
        "0x7f.1",
        "127.1",
        "localhost",
      ];
      for (const host of hosts) {
        await expect(fetchPublicUrl(`http://${host}:${port}/image`, { maxBytes: 1e6 }), host).rejects.toThrow(PUBLIC_FETCH_MESSAGES.blockedAddress);
      }
      // The same through a redirect from a server the test treats as public (only the exact
      // address 127.0.0.1 counts as public there, so the redirect targets are the IPv6 forms).
      for (const host of ["[::ffff:0:7f00:1]", "[::127.0.0.1]", "[64:ff9b::7f00:1]"]) {
        const to = encodeURIComponent(`http://${host}:${port}/image`);
        await expect(fetchPublicUrl(`${base}/redirect?to=${to}`, { maxBytes: 1e6, isBlocked: loopbackIsPublic }), host).rejects.toThrow(
          PUBLIC_FETCH_MESSAGES.blockedAddress,
        );
      }
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
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
