// /notifications: the signed-in user's unread notifications, newest first, updated live (the
// shell reloads on notification events); mark one or all as read.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { NotificationList } from "~/components/notifications/NotificationList";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { listUnreadNotifications, markAllNotificationsRead, markNotificationRead, openNotification } from "~/models/content";
import { actorFromUser, requireUser } from "~/models/access";
import { field } from "~/utils/form-fields";
import { readForm } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Notifications — Reelforge" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { notifications: await listUnreadNotifications(actorFromUser(user, "web")) };
}

const notificationForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("read"), id: field.cuid("The notification id") }),
    z.object({ intent: z.literal("open"), id: field.cuid("The notification id") }),
    z.object({ intent: z.literal("read-all") }),
  ],
  { error: "Unknown action." },
);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = await readForm(request, notificationForm);
  if (!parsed.ok) return data({ ok: false as const, changed: 0, error: parsed.formError }, { status: 400 });
  if (parsed.data.intent === "read-all") return { ok: true as const, changed: await markAllNotificationsRead(actorFromUser(user, "web")) };
  if (parsed.data.intent === "open") {
    // Opening reads it, then goes where it leads (its stored link, never one from the form).
    const link = await openNotification(actorFromUser(user, "web"), parsed.data.id);
    return link ? redirect(link, 303) : data({ ok: false as const, changed: 0 }, { status: 404 });
  }
  const changed = await markNotificationRead(actorFromUser(user, "web"), parsed.data.id);
  // Someone else's (or an unknown) id: nothing changes, and nothing says whether it exists.
  return changed ? { ok: true as const, changed: 1 } : data({ ok: false as const, changed: 0 }, { status: 404 });
}

export default function NotificationsPage() {
  const { notifications } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 md:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Notifications</h1>
        <p className="mt-1 text-sm text-slate-600">Unread, newest first</p>
      </div>
      <NotificationList notifications={notifications} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
