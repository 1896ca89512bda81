import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { requireAdmin } from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Canvas — Reelforge" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function CanvasIndex() {
  return (
    <ComingSoon title="Canvas" icon="canvas">
      <p>
        The canvas editor arrives here soon: a list of your video projects with a project picker, and for each project a
        canvas of its scenes that you can arrange, edit and compile into a video.
      </p>
    </ComingSoon>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
