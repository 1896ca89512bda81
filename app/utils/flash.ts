// A one-time message carried across a redirect (set by app/utils/flash.server.ts, shown by the
// shell's FlashBanner).
export type Flash = { kind: "success" | "error" | "info"; title: string; description?: string };
