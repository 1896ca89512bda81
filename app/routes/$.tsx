// Any path without a route: the 404 page, with a 404 status.
import { NotFound } from "~/components/NotFound";

export const loader = () => {
  throw new Response("Not Found", { status: 404 });
};

export default function CatchAll() {
  return <NotFound />;
}
