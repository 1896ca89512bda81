import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { requireUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "AI UGC Video — Reelforge" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function CreateVideo() {
  return (
    <ComingSoon title="AI UGC Video" icon="video">
      <p>
        Video creation arrives here soon: write a script or an idea, choose a voice and a style, add a product image and
        background music, and spend 20 credits for a finished video in your dashboard.
      </p>
    </ComingSoon>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
