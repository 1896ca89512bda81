import type { MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/shell/ComingSoon";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";

export const meta: MetaFunction = () => [{ title: "Custom Orders — Reelforge" }];

// Open to everyone (docs/product.md#routes-and-access).
export const loader = () => null;

export default function CustomOrders() {
  return (
    <ComingSoon title="Custom Orders" icon="film" back={{ to: "/", label: "Back to Home" }}>
      <p>
        Custom orders arrive here soon: order a video made by our team, follow its progress, and talk with staff about it.
      </p>
    </ComingSoon>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
