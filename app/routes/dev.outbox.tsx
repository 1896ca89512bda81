// /dev/outbox: the text messages the local SMS sender ("outbox") has "sent", newest first, so
// phone sign-in can be used without an SMS account. The messages hold sign-in codes: only admins
// may read it, and outside production also requests from this machine (requireOutboxReader).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { field } from "~/utils/form-fields";
import { readQuery } from "~/utils/forms.server";
import { activeSmsProvider } from "~/utils/sms/index.server";
import { requireOutboxReader } from "~/models/access";
import { listOutboxMessages } from "~/utils/sms/outbox.server";
import { Time } from "~/components/time/TimeZone";

export const meta: MetaFunction = () => [{ title: "SMS outbox — Reelforge" }, { name: "robots", content: "noindex" }];

const outboxQuery = z.object({ to: field.optional(field.line({ max: 64, label: "The phone number" })) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOutboxReader(request, context);
  const to = readQuery(request, outboxQuery).to?.trim() || null;
  const messages = await listOutboxMessages({ to, limit: 100 });
  return {
    provider: activeSmsProvider(),
    to,
    messages: messages.map((m) => ({ id: m.id, to: m.to, body: m.body, createdAt: m.createdAt.toISOString() })),
  };
}

export default function DevOutbox() {
  const { provider, to, messages } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-4 sm:p-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold text-slate-900">SMS outbox</h1>
        <p className="text-sm text-slate-600">
          Text messages written by the local SMS sender, newest first. Active SMS provider: <strong>{provider}</strong>
          {provider !== "outbox" ? " (messages go to the SMS API and do not appear here)" : null}.
        </p>
      </header>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Phone number
          <input name="to" type="tel" defaultValue={to ?? ""} className="h-10 rounded-lg border border-slate-300 px-3 text-sm" placeholder="+919876543210" />
        </label>
        <button type="submit" className="h-10 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
          Filter
        </button>
        <a href="/dev/outbox" className="h-10 px-2 text-sm leading-10 text-slate-600 underline">
          Show all
        </a>
      </Form>
      {messages.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Messages">
          {messages.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="font-medium text-slate-900">To {m.to}</span>
                <Time value={m.createdAt} format="datetime" className="text-slate-500" />
              </div>
              <p className="mt-2 break-words text-slate-700">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
