// The unread notifications, newest first, each with "Mark as read", and "Mark all as read".
// Forms post to the page's action (work without JavaScript); with JavaScript they are fetchers
// and a notification leaves the list at once. "Open" posts too: opening reads it, then the
// action sends the browser where it leads.
import { Form, useFetcher, useFetchers } from "@remix-run/react";
import { LocalDate } from "~/components/dashboard/CardParts";

export type NotificationView = {
  id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
};

export const NOTIFICATIONS_ACTION = "/notifications";

function MarkReadButton({ id, title }: { id: string; title: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={NOTIFICATIONS_ACTION}>
      <input type="hidden" name="intent" value="read" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="inline-flex h-8 items-center rounded-md border border-slate-200 bg-white px-2.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
      >
        Mark as read<span className="sr-only">: {title}</span>
      </button>
    </fetcher.Form>
  );
}

export function NotificationList({ notifications }: { notifications: NotificationView[] }) {
  const allFetcher = useFetcher({ key: "notifications-read-all" });
  const fetchers = useFetchers();
  const allPending = allFetcher.state !== "idle";
  // Optimistic: a notification being marked read is already gone from the unread list.
  const pendingIds = new Set(fetchers.filter((f) => f.formData?.get("intent") === "read").map((f) => String(f.formData?.get("id") ?? "")));
  const visible = allPending ? [] : notifications.filter((n) => !pendingIds.has(n.id));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {visible.length === 0 ? "No unread notifications" : `${visible.length} unread`}
        </p>
        {visible.length > 0 ? (
          <allFetcher.Form method="post" action={NOTIFICATIONS_ACTION}>
            <input type="hidden" name="intent" value="read-all" />
            <button
              type="submit"
              className="inline-flex h-9 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
            >
              Mark all as read
            </button>
          </allFetcher.Form>
        ) : null}
      </div>
      {visible.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-semibold text-slate-900">You're all caught up</p>
          <p className="mt-1 text-sm text-slate-600">New notifications appear here as they arrive.</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Unread notifications">
          {visible.map((n) => (
            <li key={n.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start">
              <span aria-hidden="true" className="mt-1.5 hidden size-2 shrink-0 rounded-full bg-brand-600 sm:block" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{n.title}</p>
                {n.body ? <p className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-600">{n.body}</p> : null}
                <p className="mt-1 text-xs text-slate-500">
                  <LocalDate iso={n.createdAt} />
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                {n.link ? (
                  <Form method="post" action={NOTIFICATIONS_ACTION}>
                    <input type="hidden" name="intent" value="open" />
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" className="inline-flex h-8 items-center rounded-md px-2.5 text-xs font-medium text-brand-700 hover:bg-brand-50">
                      Open<span className="sr-only">: {n.title}</span>
                    </button>
                  </Form>
                ) : null}
                <MarkReadButton id={n.id} title={n.title} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
