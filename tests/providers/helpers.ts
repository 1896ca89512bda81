// Helpers for the provider tests: scratch work dirs, tone WAVs, tiny clips, and a local HTTP
// server that records requests and answers with a scripted handler.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { lavfiInputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";

export function tmpWorkDir(name: string): { dir: string; cleanup: () => void } {
  const dir = path.resolve("tests/.tmp", `providers-${name}-${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A mono 16-bit WAV: a sine of `freq` Hz (0 = silence) for `seconds`. */
export function toneWav(seconds: number, freq: number, options: { sampleRate?: number; amplitude?: number } = {}): Buffer {
  const rate = options.sampleRate ?? 22050;
  const n = Math.round(seconds * rate);
  const amp = (options.amplitude ?? 0.5) * 32767;
  const buf = Buffer.alloc(44 + n * 2);
  buf.write("RIFF", 0, "ascii");
  buf.writeUInt32LE(36 + n * 2, 4);
  buf.write("WAVEfmt ", 8, "ascii");
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36, "ascii");
  buf.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) buf.writeInt16LE(freq ? Math.round(amp * Math.sin((2 * Math.PI * freq * i) / rate)) : 0, 44 + i * 2);
  return buf;
}

export function writeTone(file: string, seconds: number, freq: number, amplitude = 0.5): string {
  writeFileSync(file, toneWav(seconds, freq, { amplitude }));
  return file;
}

/** A small H.264 test clip (colour bars with a moving pattern), optionally with a tone. */
export async function tinyClip(file: string, seconds: number, size = "160x284"): Promise<string> {
  await runFfmpeg(
    [
      ...lavfiInputArgs(`testsrc2=s=${size}:r=24:d=${seconds}`),
      ...lavfiInputArgs(`sine=f=440:d=${seconds}`),
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
      file,
    ],
    { limiter: null },
  );
  return file;
}

export type RecordedRequest = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };

export type TestServer = {
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
};

/** A local HTTP server speaking whatever protocol `handler` implements. */
export async function startServer(handler: (req: RecordedRequest, res: http.ServerResponse, server: { url: string }) => unknown): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const info = { url: "" };
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rec: RecordedRequest = { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks) };
    requests.push(rec);
    try {
      await handler(rec, res, info);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  info.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: info.url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}
