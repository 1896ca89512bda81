// /order/:accessCode: a shareable custom-order link, open to guests
// (docs/product.md#routes-and-access).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PublicLayout } from "~/components/landing/PublicLayout";
import { ComingSoon } from "~/components/shell/ComingSoon";

export const meta: MetaFunction = () => [{ title: "Order a video — Reelforge" }];

export function loader({ params }: LoaderFunctionArgs) {
  return { accessCode: params.accessCode ?? "" };
}

export default function OrderLink() {
  const { accessCode } = useLoaderData<typeof loader>();
  return (
    <PublicLayout>
      <ComingSoon title="Order a video" icon="film" back={{ to: "/", label: "Back to Home" }}>
        <p>
          Ordering through this link (<code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{accessCode}</code>)
          arrives here soon: describe the video you want, upload your files, and pay as a guest, without an account.
        </p>
      </ComingSoon>
    </PublicLayout>
  );
}
