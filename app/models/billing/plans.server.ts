// Credit packs (plans table; BASIC and PRO are seeded, docs/product.md#plans).
import { Prisma, prisma, sqlRows } from "~/utils/db.server";

export type PlanView = {
  id: string;
  name: string;
  credits: number;
  /** Rupees. */
  price: number;
  billing: string;
  features: string[];
};

function view(p: { id: string; name: string; credits: number; price: { toString(): string }; billing: string; features: string[] }): PlanView {
  return { id: p.id, name: p.name, credits: p.credits, price: Number(p.price.toString()), billing: p.billing, features: p.features };
}

export async function listPlans(): Promise<PlanView[]> {
  // Read by the public plans page: straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md).
  return sqlRows<PlanView>(Prisma.sql`
    SELECT "id", "name", "credits", "price"::float8 AS "price", "billing", COALESCE("features", '{}') AS "features"
    FROM "plans" WHERE "active" ORDER BY "sortOrder" ASC, "price" ASC`);
}

/** An active plan by its name (case-insensitive, "basic" finds BASIC). */
export async function getPlanByName(name: string | null | undefined): Promise<PlanView | null> {
  const wanted = (name ?? "").trim().toUpperCase();
  if (!wanted) return null;
  const row = await prisma.plan.findFirst({ where: { name: wanted, active: true } });
  return row ? view(row) : null;
}
