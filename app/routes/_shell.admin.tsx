import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { requireAdmin } from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard — Reelforge" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function Admin() {
  return (
    <ComingSoon title="Admin Dashboard" icon="admin">
      <p>
        The admin dashboard arrives here soon: custom orders to fulfil, conversations with customers, and the tools staff
        use to deliver finished videos.
      </p>
    </ComingSoon>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
