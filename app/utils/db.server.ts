// The one Prisma client of the process (PostgreSQL through @prisma/adapter-pg).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";

declare global {
  var __reelforgePrisma: PrismaClient | undefined;
}

function create(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 20 }) });
}

export const prisma: PrismaClient = globalThis.__reelforgePrisma ?? (globalThis.__reelforgePrisma = create());

export { Prisma } from "~/generated/prisma/client";
