// /admin/users: profiles with their credits (newest first, searchable, paginated), the admins,
// add an admin by user id and remove one (docs/product.md#admin-area, ADR 185). The rules are
// the core's (admin-users.server.ts); this door reads the form and shows the answer.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { AdminPanel, EmptyState, ResultNotice } from "~/components/admin/AdminPanel";
import { LocalDate } from "~/components/dashboard/CardParts";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { actorFromUser, requireAdmin } from "~/models/access";
import { ADMIN_USERS_MESSAGES } from "~/models/messaging/admin-messages";
import { addAdmin, listAdmins, type AdminListEntry, listUsersWithCredits, removeAdmin } from "~/models/admin";
import { field } from "~/utils/form-fields";
import { readForm, readQuery } from "~/utils/forms.server";

const query = z.object({
  q: field.optional(field.line({ max: 200, label: "The search" })).catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const actor = actorFromUser(user, "admin");
  const { q, page } = readQuery(request, query);
  try {
    const [list, admins] = await Promise.all([listUsersWithCredits(actor, { search: q, page }), listAdmins(actor)]);
    return { q: q ?? "", list, admins, me: user.id, error: null as string | null };
  } catch (error) {
    console.error("admin users: load failed", error);
    return { q: q ?? "", list: null, admins: [] as AdminListEntry[], me: user.id, error: ADMIN_USERS_MESSAGES.loadFailed };
  }
}

const userIdField = z.string({ error: ADMIN_USERS_MESSAGES.invalidId }).max(200, { error: ADMIN_USERS_MESSAGES.notFound });
const usersForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add-admin"), userId: field.optional(userIdField) }),
    z.object({ intent: z.literal("remove-admin"), userId: userIdField, confirmSelf: field.checkbox() }),
  ],
  { error: "Unknown action." },
);

type UsersAction = { ok: boolean; message: string; intent?: string; confirmFor?: string };
const answer = (body: UsersAction, status = 200) => data(body, { status });

export async function action({ request }: ActionFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "admin");
  const parsed = await readForm(request, usersForm);
  if (!parsed.ok) return answer({ ok: false, message: parsed.formError }, 400);
  const form = parsed.data;
  if (form.intent === "add-admin") {
    try {
      const result = await addAdmin(actor, form.userId ?? "");
      return answer(
        { ok: result.ok, message: result.message, intent: form.intent },
        result.ok ? 200 : result.code === "duplicate" ? 409 : result.code === "not_found" ? 404 : 400,
      );
    } catch (error) {
      console.error("admin users: add failed", error);
      return answer({ ok: false, message: ADMIN_USERS_MESSAGES.addFailed, intent: form.intent }, 503);
    }
  }
  try {
    const result = await removeAdmin(actor, form.userId, { confirmSelf: form.confirmSelf });
    if (!result.ok && result.code === "confirm") return answer({ ok: false, message: result.message, intent: form.intent, confirmFor: form.userId }, 409);
    return answer({ ok: result.ok, message: result.message, intent: form.intent }, result.ok ? 200 : result.code === "not_found" ? 404 : 409);
  } catch (error) {
    console.error("admin users: remove failed", error);
    return answer({ ok: false, message: ADMIN_USERS_MESSAGES.removeFailed, intent: form.intent }, 503);
  }
}

function userLabel(u: { username: string | null; email: string | null; phone?: string | null; id: string }): string {
  return u.username ?? u.email ?? u.phone ?? u.id;
}

export default function AdminUsersTab() {
  const { q, list, admins, me, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as UsersAction | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const pageHref = (page: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  return (
    <div className="space-y-4">
      <ResultNotice result={result?.confirmFor ? null : result} />
      {result?.confirmFor ? (
        <div role="alertdialog" aria-labelledby="confirm-self-title" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
          <h3 id="confirm-self-title" className="font-semibold text-amber-900">
            Remove your own admin access?
          </h3>
          <p className="text-sm text-amber-900">{result.message}</p>
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="remove-admin" />
              <input type="hidden" name="userId" value={result.confirmFor} />
              <input type="hidden" name="confirmSelf" value="on" />
              <Button type="submit" variant="danger" disabled={busy}>
                Yes, remove my admin access
              </Button>
            </Form>
            <Link to="." className={buttonClasses("secondary")}>
              Cancel
            </Link>
          </div>
        </div>
      ) : null}

      <AdminPanel title="Admins" description="Who may open the admin area.">
        <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="add-admin" />
          <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
            User ID
            <input name="userId" autoComplete="off" placeholder="User id" className="h-10 rounded-lg border border-slate-300 px-3 font-mono text-sm" />
          </label>
          <Button type="submit" disabled={busy}>
            Add Admin
          </Button>
        </Form>
        <ul className="divide-y divide-slate-100" aria-label="Admins">
          {admins.map((admin) => (
            <li key={admin.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">
                  {userLabel(admin)} {admin.id === me ? <Badge className="bg-brand-50 text-brand-700">You</Badge> : null}
                </p>
                <p className="truncate font-mono text-xs text-slate-500">{admin.id}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-admin" />
                <input type="hidden" name="userId" value={admin.id} />
                <Button type="submit" size="sm" variant="secondary" disabled={busy || admins.length <= 1} aria-label={`Remove admin ${userLabel(admin)}`}>
                  Remove Admin
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </AdminPanel>

      <AdminPanel title="Users" description="Profiles with their credits, newest first.">
        <Form method="get" role="search" className="flex gap-2">
          <label className="sr-only" htmlFor="user-search">
            Search users
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Search by name, e-mail, phone or id"
            className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm"
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        {error ? <EmptyState tone="error">{error}</EmptyState> : null}
        {list && list.users.length === 0 ? <EmptyState>{q ? "No users match this search." : "No users yet."}</EmptyState> : null}
        {list && list.users.length > 0 ? (
          <>
            <p className="text-xs text-slate-500">
              {list.total} {list.total === 1 ? "user" : "users"}
            </p>
            <ul className="divide-y divide-slate-100" aria-label="Users">
              {list.users.map((u) => (
                <li key={u.id} className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">
                      {userLabel(u)} {u.isAdmin ? <Badge className="bg-brand-50 text-brand-700">Admin</Badge> : null}
                    </p>
                    <p className="truncate font-mono text-xs text-slate-500">{u.id}</p>
                    <p className="text-xs text-slate-500">
                      Joined <LocalDate iso={u.createdAt} /> · Updated <LocalDate iso={u.updatedAt} />
                    </p>
                  </div>
                  <div className="flex items-center gap-3 sm:justify-end">
                    <p className="text-sm text-slate-700">
                      <span className="font-semibold">{u.credits}</span> credits
                    </p>
                    <Link
                      to={`/admin/user-messages?user=${encodeURIComponent(u.id)}`}
                      className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      Message
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
            <nav aria-label="Pages" className="flex items-center justify-between gap-2">
              {list.page > 1 ? (
                <Link to={pageHref(list.page - 1)} className={buttonClasses("secondary", "sm")}>
                  Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="text-xs text-slate-500">Page {list.page}</span>
              {list.hasMore ? (
                <Link to={pageHref(list.page + 1)} className={buttonClasses("secondary", "sm")}>
                  Next
                </Link>
              ) : (
                <span />
              )}
            </nav>
          </>
        ) : null}
      </AdminPanel>
    </div>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
