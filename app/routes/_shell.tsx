// Pathless layout of the app area: the signed-in navigation shell, or for signed-out
// visitors on open pages a simple public header. Access rules live in each child's loader.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { PublicLayout } from "~/components/landing/PublicLayout";
import { AppShell } from "~/components/shell/AppShell";
import { FlashBanner } from "~/components/shell/FlashBanner";
import { accountLabel, parseSidebarCookie } from "~/components/shell/nav";
import { LiveShell } from "~/components/notifications/LiveShell";
import { currentSession, type CurrentSession } from "~/models/access";
import { consumeFlash } from "~/utils/flash.server";
import { fileUrlFromRef } from "~/utils/storage/buckets";

export async function loader({ request }: LoaderFunctionArgs) {
  const sidebarOpen = parseSidebarCookie(request.headers.get("Cookie"));
  let session: CurrentSession | null = null;
  try {
    // The session, its user and the unread count: one statement (docs/decisions/239-page-speed-shell.md).
    session = await currentSession(request);
  } catch (error) {
    // docs/product.md#routes-and-access: a failing session check shows the signed-out view.
    console.error("session check failed", error);
  }
  const user = session?.user;
  if (!session || !user) return { user: null, unread: 0, sidebarOpen, flash: null };
  // A message from an action before its redirect (a plain form post), shown once.
  const { flash, setCookie } = await consumeFlash(request);
  const payload = {
    user: {
      label: accountLabel(user),
      credits: user.credits,
      isAdmin: user.isAdmin,
      avatarUrl: fileUrlFromRef(user.avatarKey),
    },
    unread: session.unread,
    sidebarOpen,
    flash,
  };
  // Remix unwraps data(): the component receives the payload either way.
  return setCookie ? (data(payload, { headers: { "Set-Cookie": setCookie } }) as unknown as typeof payload) : payload;
}

export type ShellLoaderData = Awaited<ReturnType<typeof loader>>;

/** The landing page brings its own header and footer. */
function useIsLanding(): boolean {
  return useMatches().some((m) => (m.data as { view?: string } | undefined)?.view === "landing");
}

export default function ShellLayout() {
  const { user, unread, sidebarOpen, flash } = useLoaderData<typeof loader>();
  const landing = useIsLanding();
  if (user) {
    return (
      <LiveShell>
        <AppShell user={user} unread={unread} sidebarOpen={sidebarOpen}>
          <FlashBanner flash={flash} />
          <Outlet />
        </AppShell>
      </LiveShell>
    );
  }
  if (landing) return <Outlet />;
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
