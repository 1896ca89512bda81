import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { requireAdmin } from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Video Projects — Reelforge" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function VideoProjectsIndex() {
  return (
    <ComingSoon title="Video Project Management" icon="film">
      <p>
        Video project management arrives here soon: the history of your video projects, their scenes and compile
        results, and the tools to create and edit a project step by step.
      </p>
    </ComingSoon>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
