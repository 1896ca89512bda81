// The storage driver of this process, chosen by STORAGE_DRIVER (local | s3; default local).
// Import storage through here (or through upload.server.ts), never a driver directly.
import path from "node:path";
import { dataDir } from "~/utils/env.server";
import { LocalStorageDriver } from "./local.server";
import { createS3StorageDriver } from "./s3.server";
import type { StorageDriver } from "./types";

export * from "./types";

type DriverFactory = () => StorageDriver;

const factories: Record<string, DriverFactory> = {
  local: () => new LocalStorageDriver(path.join(dataDir(), "storage")),
  s3: () => createS3StorageDriver(),
};

declare global {
  var __reelforgeStorage: StorageDriver | undefined;
}

export function storageDriverName(): string {
  return (process.env.STORAGE_DRIVER || "local").trim().toLowerCase();
}

export function createStorageDriver(name = storageDriverName()): StorageDriver {
  const factory = factories[name];
  if (!factory) {
    const known = Object.keys(factories).join(", ");
    throw new Error(`STORAGE_DRIVER=${name} is not available (known drivers: ${known})`);
  }
  return factory();
}

/** The process-wide driver (created on first use). */
export function storage(): StorageDriver {
  return (globalThis.__reelforgeStorage ??= createStorageDriver());
}

/** Replaces the process-wide driver (tests; a null resets to the configured one). */
export function setStorageDriver(driver: StorageDriver | null): void {
  globalThis.__reelforgeStorage = driver ?? undefined;
}
