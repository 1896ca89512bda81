// /settings (login required): profile card (avatar upload, username), the API tokens of MCP
// clients (docs/product.md#mcp-server), the applications connected through OAuth
// (docs/product.md#mcp-oauth) and, on small screens, the Profile / Plans tabs of
// docs/product.md#profile-settings.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PlansContent } from "~/components/plans/PlansContent";
import type { TransactionRowData } from "~/components/plans/types";
import { Avatar, AvatarForm } from "~/components/settings/AvatarForm";
import { ApiTokens } from "~/components/settings/ApiTokens";
import { BrandKitForm } from "~/components/settings/BrandKitForm";
import { ConnectedApps } from "~/components/settings/ConnectedApps";
import type {
  ApiTokenRow,
  ApiTokensActionData,
  BrandKitActionData,
  ConnectedAppRow,
  ConnectedAppsActionData,
  SettingsActionData,
} from "~/components/settings/types";
import { UsernameForm } from "~/components/settings/UsernameForm";
import { SignOutButton } from "~/components/SignOutButton";
import { cx } from "~/components/ui/cx";
import { listPlans, listSuccessfulTransactions } from "~/models/billing";
import {
  getProfile,
  PROFILE_MESSAGES,
  setAvatarKey,
  updateUsername,
  actorFromUser,
  ApiTokenError,
  createApiToken,
  disconnectApplication,
  isNotFound,
  listApiTokens,
  listConnectedApplications,
  requireUser,
  revokeApiToken,
} from "~/models/access";
import { field } from "~/utils/form-fields";
import { inputError, isMultipart, readForm, readQuery } from "~/utils/forms.server";
import { fileUrlFromRef, parseObjectRef } from "~/utils/storage/buckets";
import { deleteFile, parseUploadForm } from "~/models/files";
import { getBrandKit } from "~/models/brand";
import { brandKitAction } from "./_shell.settings.brand.server";
import { formatInZone, timeZoneOf } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Profile Settings — Reelforge" }];

type Tab = "profile" | "plans";

/** An unknown tab shows the profile. */
const settingsQuery = z.object({ tab: z.enum(["profile", "plans"]).catch("profile") });

/** The username's own rules (length, characters) are the profile core's; this only bounds the transport. */
const settingsForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("username"), username: field.line({ max: 1000, label: "The username" }) }),
    z.object({ intent: z.literal("avatar") }),
    z.object({ intent: z.literal("create-token"), name: field.line({ max: 1000, label: "The token name" }) }),
    z.object({ intent: z.literal("revoke-token"), tokenId: field.token("The token", 64) }),
    z.object({ intent: z.literal("disconnect-app"), clientId: field.token("The application", 64) }),
  ],
  { error: "Unknown action." },
);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { tab } = readQuery(request, settingsQuery);
  const actor = actorFromUser(user, "web");
  // Dates in the viewer's zone, named (ADR 267); formatted here because the rows are plain text.
  const zone = timeZoneOf(request);
  const when = (date: Date) => formatInZone(date, zone);
  const [profile, plans, tokens, apps, brandKit] = await Promise.all([
    getProfile(actor),
    listPlans(),
    listApiTokens(actor),
    listConnectedApplications(actor),
    getBrandKit(actor),
  ]);
  const history = listSuccessfulTransactions(actor);
  const clientFetch = request.headers.get("Sec-Fetch-Dest") === "empty";
  return {
    tab,
    email: user.email ?? user.phone ?? "",
    username: profile.username,
    avatarUrl: fileUrlFromRef(profile.avatarKey),
    brandKit,
    plans,
    tokens: tokens.map((t): ApiTokenRow => ({
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      created: when(t.createdAt),
      lastUsed: t.lastUsedAt ? when(t.lastUsedAt) : null,
      revoked: t.revokedAt ? when(t.revokedAt) : null,
    })),
    connectedApps: apps.map((a): ConnectedAppRow => ({
      clientId: a.clientId,
      name: a.name ?? "Unnamed application",
      redirectTarget: a.redirectTarget,
      approved: a.approvedAt ? when(a.approvedAt) : null,
      lastToken: when(a.lastTokenAt),
    })),
    transactions: clientFetch ? history : await history,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // The brand kit form (its own multipart body: logo in memory, several buttons).
  if (new URL(request.url).searchParams.has("brand")) return brandKitAction(request, actorFromUser(user, "web"));

  if (isMultipart(request)) {
    const form = await parseUploadForm(request, { bucket: "avatars", ownerId: user.id, kinds: ["image"], fileFields: ["avatar"] });
    if (!form.ok) {
      return data<SettingsActionData>({ intent: "avatar", ok: false, message: PROFILE_MESSAGES.avatarFailed, detail: form.error }, { status: form.status });
    }
    const file = form.files[0];
    if (!file) return data<SettingsActionData>({ intent: "avatar", ok: false, message: PROFILE_MESSAGES.noImage }, { status: 400 });
    const previous = (await getProfile(actorFromUser(user, "web"))).avatarKey;
    try {
      await setAvatarKey(actorFromUser(user, "web"), file.ref);
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

  const parsed = await readForm(request, settingsForm);
  if (!parsed.ok) {
    const intent = parsed.form.get("intent");
    if (intent === "create-token") {
      const raw = parsed.form.get("name");
      return data<ApiTokensActionData>(
        { intent, ok: false, message: parsed.formError, value: typeof raw === "string" ? raw.slice(0, 200) : "" },
        { status: 400 },
      );
    }
    if (intent === "revoke-token") return data<ApiTokensActionData>({ intent, ok: false, message: parsed.formError }, { status: 400 });
    if (intent === "disconnect-app") return data<ConnectedAppsActionData>({ intent, ok: false, message: parsed.formError }, { status: 400 });
    if (intent !== "username") throw inputError("Unknown action", 400);
    const raw = parsed.form.get("username");
    const refused: SettingsActionData = {
      intent: "username",
      ok: false,
      message: PROFILE_MESSAGES.invalid,
      value: typeof raw === "string" ? raw.slice(0, 200) : "",
    };
    // Remix unwraps data(): the form shows the refusal like the core's.
    return data(refused, { status: 400 }) as unknown as SettingsActionData;
  }
  if (parsed.data.intent === "avatar") return data<SettingsActionData>({ intent: "avatar", ok: false, message: PROFILE_MESSAGES.noImage }, { status: 400 });
  if (parsed.data.intent === "create-token") {
    const name = parsed.data.name;
    try {
      const { token, item } = await createApiToken(actorFromUser(user, "web"), { name });
      // The only time the secret leaves the server; it is never stored or shown again.
      return data<ApiTokensActionData>(
        { intent: "create-token", ok: true, message: "Token created", token, name: item.name },
        { headers: { "Cache-Control": "no-store" } },
      );
    } catch (error) {
      if (error instanceof ApiTokenError)
        return data<ApiTokensActionData>({ intent: "create-token", ok: false, message: error.message, value: name }, { status: 400 });
      throw error;
    }
  }
  if (parsed.data.intent === "revoke-token") {
    try {
      const item = await revokeApiToken(actorFromUser(user, "web"), parsed.data.tokenId);
      return { intent: "revoke-token", ok: true, message: `Token "${item.name}" revoked` } satisfies ApiTokensActionData;
    } catch (error) {
      if (isNotFound(error)) return data<ApiTokensActionData>({ intent: "revoke-token", ok: false, message: "Token not found" }, { status: 404 });
      throw error;
    }
  }
  if (parsed.data.intent === "disconnect-app") {
    try {
      const app = await disconnectApplication(actorFromUser(user, "web"), parsed.data.clientId);
      return { intent: "disconnect-app", ok: true, message: `"${app.name ?? "Unnamed application"}" disconnected` } satisfies ConnectedAppsActionData;
    } catch (error) {
      if (isNotFound(error)) return data<ConnectedAppsActionData>({ intent: "disconnect-app", ok: false, message: "Application not found" }, { status: 404 });
      throw error;
    }
  }
  const raw = parsed.data.username;
  const result = await updateUsername(actorFromUser(user, "web"), raw);
  if (result.ok) return { intent: "username", ok: true, message: result.message, username: result.username };
  return { intent: "username", ok: false, message: result.message, value: raw };
}

export default function SettingsRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | ApiTokensActionData | ConnectedAppsActionData | BrandKitActionData | undefined;
  const tab = data.tab;
  const avatarResult = actionData?.intent === "avatar" ? actionData : undefined;
  const usernameResult = actionData?.intent === "username" ? actionData : undefined;
  const tokensResult = actionData?.intent === "create-token" || actionData?.intent === "revoke-token" ? actionData : undefined;
  const appsResult = actionData?.intent === "disconnect-app" ? actionData : undefined;
  const brandResult = actionData?.intent === "brand" ? actionData : undefined;

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
        <BrandKitForm kit={data.brandKit} result={brandResult} />
        <ApiTokens tokens={data.tokens} result={tokensResult} />
        <ConnectedApps apps={data.connectedApps} result={appsResult} />
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
