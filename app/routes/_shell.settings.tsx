// /settings (login required): profile card (avatar upload, username) and, on small screens,
// the Profile / Plans tabs of seed 000 §2 Profile settings.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlansContent } from "~/components/plans/PlansContent";
import type { TransactionRowData } from "~/components/plans/types";
import { Avatar, AvatarForm } from "~/components/settings/AvatarForm";
import type { SettingsActionData } from "~/components/settings/types";
import { UsernameForm } from "~/components/settings/UsernameForm";
import { SignOutButton } from "~/components/SignOutButton";
import { cx } from "~/components/ui/cx";
import { listSuccessfulTransactions } from "~/models/payments.server";
import { listPlans } from "~/models/plans.server";
import { getProfile, PROFILE_MESSAGES, setAvatarKey, updateUsername } from "~/models/profile.server";
import { requireUser } from "~/utils/auth.server";
import { fileUrlFromRef, parseObjectRef } from "~/utils/storage/buckets";
import { deleteFile } from "~/models/stored-files.server";
import { parseUploadForm } from "~/models/uploads.server";

export const meta: MetaFunction = () => [{ title: "Profile Settings — Reelforge" }];

type Tab = "profile" | "plans";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const tab: Tab = new URL(request.url).searchParams.get("tab") === "plans" ? "plans" : "profile";
  const [profile, plans] = await Promise.all([getProfile(user.id), listPlans()]);
  const history = listSuccessfulTransactions(user.id);
  const clientFetch = request.headers.get("Sec-Fetch-Dest") === "empty";
  return {
    tab,
    email: user.email ?? user.phone ?? "",
    username: profile.username,
    avatarUrl: fileUrlFromRef(profile.avatarKey),
    plans,
    transactions: clientFetch ? history : await history,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const contentType = request.headers.get("content-type") ?? "";

  if (/^multipart\/form-data/i.test(contentType)) {
    const form = await parseUploadForm(request, { bucket: "avatars", ownerId: user.id, kinds: ["image"], fileFields: ["avatar"] });
    if (!form.ok) {
      return data<SettingsActionData>({ intent: "avatar", ok: false, message: PROFILE_MESSAGES.avatarFailed, detail: form.error }, { status: form.status });
    }
    const file = form.files[0];
    if (!file) return { intent: "avatar", ok: false, message: PROFILE_MESSAGES.noImage };
    const previous = (await getProfile(user.id)).avatarKey;
    try {
      await setAvatarKey(user.id, file.ref);
    } catch (error) {
      console.error("saving the avatar failed", error);
      await deleteFile(file.bucket, file.key).catch(() => undefined);
      return { intent: "avatar", ok: false, message: PROFILE_MESSAGES.avatarFailed };
    }
    // The replaced picture is the user's own avatar file; nothing else points at it.
    const old = parseObjectRef(previous);
    if (old && previous !== file.ref && old.bucket === "avatars") await deleteFile(old.bucket, old.key).catch(() => undefined);
    return { intent: "avatar", ok: true, message: PROFILE_MESSAGES.updated };
  }

  const form = await request.formData();
  if (form.get("intent") === "avatar") return { intent: "avatar", ok: false, message: PROFILE_MESSAGES.noImage };
  if (form.get("intent") !== "username") throw new Response("Unknown action", { status: 400 });
  const raw = form.get("username");
  const result = await updateUsername(user.id, raw);
  if (result.ok) return { intent: "username", ok: true, message: result.message, username: result.username };
  return { intent: "username", ok: false, message: result.message, value: typeof raw === "string" ? raw : "" };
}

export default function SettingsRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const tab = data.tab;
  const avatarResult = actionData?.intent === "avatar" ? actionData : undefined;
  const usernameResult = actionData?.intent === "username" ? actionData : undefined;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:py-10">
      <h1 className="sr-only text-2xl font-bold tracking-tight text-slate-900 md:not-sr-only">Profile Settings</h1>

      <div role="tablist" aria-label="Settings" className="grid grid-cols-2 rounded-xl bg-slate-100 p-1 md:hidden">
        <TabLink tab="profile" current={tab}>
          Profile
        </TabLink>
        <TabLink tab="plans" current={tab}>
          Plans
        </TabLink>
      </div>

      <section
        id="settings-panel-profile"
        role="tabpanel"
        aria-labelledby="settings-tab-profile"
        className={cx("mt-4 md:mt-6 md:block", tab === "profile" ? "block" : "hidden")}
      >
        <div className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
          <p className="text-sm text-slate-500">{data.email}</p>
          <div className="mt-5 flex flex-col gap-6 sm:flex-row sm:items-start">
            <Avatar url={data.avatarUrl} label={data.username ?? data.email} />
            <div className="min-w-0 flex-1">
              <AvatarForm result={avatarResult} />
            </div>
          </div>
          <hr className="my-6 border-slate-100" />
          <UsernameForm current={data.username} result={usernameResult} />
        </div>
        <div className="mt-6 max-w-2xl md:hidden">
          <SignOutButton className="rounded-xl border border-slate-200 bg-white" />
        </div>
      </section>

      <section
        id="settings-panel-plans"
        role="tabpanel"
        aria-labelledby="settings-tab-plans"
        className={cx("mt-4 md:hidden", tab === "plans" ? "block" : "hidden")}
      >
        <PlansContent embedded plans={data.plans} transactions={data.transactions as TransactionRowData[] | Promise<TransactionRowData[]>} />
      </section>
    </div>
  );
}

function TabLink({ tab, current, children }: { tab: Tab; current: Tab; children: React.ReactNode }) {
  const selected = tab === current;
  return (
    <Link
      id={`settings-tab-${tab}`}
      role="tab"
      to={`?tab=${tab}`}
      replace
      preventScrollReset
      aria-selected={selected}
      aria-controls={`settings-panel-${tab}`}
      className={cx(
        "rounded-lg px-3 py-2 text-center text-sm font-medium",
        selected ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
      )}
    >
      {children}
    </Link>
  );
}
