// /explore is an open route, but its gallery needs a session (seed 000 §2): signed-out
// visitors go to sign-in.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { requireUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Explore — Reelforge" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Explore() {
  return (
    <ComingSoon title="Explore" icon="explore">
      <p>
        The public gallery arrives here soon: stories and videos that people have chosen to make public, with search and
        an "All Content" / "Stories" filter.
      </p>
    </ComingSoon>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
