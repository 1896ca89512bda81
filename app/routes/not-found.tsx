import { data, type MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/NotFound";

export const meta: MetaFunction = () => [{ title: "Page not found — Reelforge" }];

export const loader = () => data(null, { status: 404 });

export default function NotFoundRoute() {
  return <NotFound />;
}
