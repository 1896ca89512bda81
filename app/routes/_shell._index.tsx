// "/": the landing page for signed-out visitors (also when the session check fails), the
// dashboard for signed-in users.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LandingPage } from "~/components/landing/LandingPage";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { buttonClasses } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { listShowcaseVideos, type ShowcaseItem } from "~/models/showcase.server";
import { getOptionalUser } from "~/utils/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.view === "dashboard"
    ? [{ title: "Dashboard — Reelforge" }]
    : [
        { title: "Reelforge — AI video ads from a script" },
        {
          name: "description",
          content: "Turn a script, a product image, a voice and a style into a short video ad in about 30 minutes. ₹600 per video.",
        },
      ];

export async function loader({ request }: LoaderFunctionArgs) {
  let signedIn = false;
  try {
    signedIn = (await getOptionalUser(request)) !== null;
  } catch (error) {
    console.error("session check failed", error);
  }
  if (signedIn) return { view: "dashboard" as const, showcase: [] as ShowcaseItem[] };

  let showcase: ShowcaseItem[] = [];
  try {
    showcase = await listShowcaseVideos();
  } catch (error) {
    // The landing page must render even when the database is down.
    console.error("showcase load failed", error);
  }
  return { view: "landing" as const, showcase };
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (data.view === "landing") return <LandingPage showcase={data.showcase} />;
  return <Dashboard />;
}

function Dashboard() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
      <section
        aria-labelledby="dashboard-empty"
        className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon name="film" className="size-6" />
        </span>
        <h2 id="dashboard-empty" className="mt-4 text-lg font-semibold text-slate-900">
          No content found
        </h2>
        <p className="mt-1 text-slate-600">Start creating content to see it here</p>
        <Link to="/create-video" className={buttonClasses("primary", "md", "mt-6")}>
          <Icon name="video" className="size-4" />
          Create a video
        </Link>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
