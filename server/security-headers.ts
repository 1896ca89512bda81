// Security headers on every response (ADR 122): documents, `.data` single-fetch answers, JSON,
// resource routes, static files and error pages. Set just before the headers go out, so a
// response that chose its own value for one of them (a stricter policy) keeps it.
import { randomBytes } from "node:crypto";
import type express from "express";
import onHeaders from "on-headers";

/** The per-request nonce that lets Remix's inline hydration scripts run (res.locals.cspNonce). */
export function cspNonce(res: express.Response): string {
  return (res.locals.cspNonce as string | undefined) ?? "";
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    // Own bundles, and the inline scripts Remix renders (context hand-off, streamed data,
    // scroll restoration), which carry the nonce.
    `script-src 'self' 'nonce-${nonce}'`,
    // Style attributes (React style props) and the <style> sonner inserts at run time.
    "style-src 'self' 'unsafe-inline'",
    // Previews of picked files are blob: URLs; small inline images may be data: URLs.
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";
export const HSTS = "max-age=31536000";

/** Adds the Secure attribute to every cookie that lacks it. */
export function secureCookies(value: number | string | string[]): string | string[] {
  const add = (cookie: string) => (/;\s*secure\s*(?:;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
  return Array.isArray(value) ? value.map(add) : add(String(value));
}

/**
 * `https`: the request reached us over HTTPS (req.secure honours X-Forwarded-Proto from a proxy
 * on loopback), or the public origin (APP_URL) is https. Then HSTS is sent and cookies are Secure.
 */
export function securityHeaders(opts: { appUrl?: string | null } = {}): express.RequestHandler {
  const publicHttps = Boolean(opts.appUrl && /^https:/i.test(opts.appUrl));
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const https = publicHttps || req.secure;
    onHeaders(res, function () {
      const defaults: Record<string, string> = {
        "Content-Security-Policy": contentSecurityPolicy(nonce),
        "Permissions-Policy": PERMISSIONS_POLICY,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "SAMEORIGIN",
      };
      if (https) defaults["Strict-Transport-Security"] = HSTS;
      for (const [name, value] of Object.entries(defaults)) if (!this.hasHeader(name)) this.setHeader(name, value);
      const cookies = this.getHeader("Set-Cookie");
      if (https && cookies !== undefined) this.setHeader("Set-Cookie", secureCookies(cookies));
    });
    next();
  };
}
