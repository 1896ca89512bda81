// /admin/ai-tools: stuck image generation jobs (in_queue or failed) with retry, check status and
// delete after a confirmation (docs/product.md#admin-area, ADR 187). The confirmation is a step
// of its own (?confirm={jobId}), so it works without JavaScript too.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { AdminPanel, EmptyState, ResultNotice } from "~/components/admin/AdminPanel";
import { LocalDate } from "~/components/dashboard/CardParts";
import { ShellErrorBoundary } from "~/components/shell/ShellErrorBoundary";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { useLiveRevalidate } from "~/hooks/useLiveEvents";
import { actorFromUser, requireAdmin } from "~/models/access";
import { jobStatusLabel, STUCK_JOB_MESSAGES } from "~/models/messaging/admin-messages";
import { checkImageJob, deleteStuckImageJob, listStuckImageJobs, retryImageJob, type JobCheck, type StuckJob } from "~/models/generation";
import { field } from "~/utils/form-fields";
import { readForm } from "~/utils/forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "admin");
  try {
    return { jobs: await listStuckImageJobs(actor), error: null as string | null };
  } catch (error) {
    console.error("admin ai tools: load failed", error);
    return { jobs: [] as StuckJob[], error: STUCK_JOB_MESSAGES.loadFailed };
  }
}

const jobId = field.token("The job id", 64);
const jobsForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("retry"), jobId }),
    z.object({ intent: z.literal("check"), jobId }),
    z.object({ intent: z.literal("delete"), jobId, confirmed: z.literal("yes", { error: STUCK_JOB_MESSAGES.confirmDelete }) }),
  ],
  { error: "Unknown action." },
);

type JobsAction = { ok: boolean; message: string; jobId?: string; check?: JobCheck };
const answer = (body: JobsAction, status = 200) => data(body, { status });
const FAILED = { retry: STUCK_JOB_MESSAGES.retryFailed, check: STUCK_JOB_MESSAGES.checkFailed, delete: STUCK_JOB_MESSAGES.deleteFailed } as const;

export async function action({ request }: ActionFunctionArgs) {
  const actor = actorFromUser(await requireAdmin(request), "admin");
  const parsed = await readForm(request, jobsForm);
  if (!parsed.ok) return answer({ ok: false, message: parsed.formError }, 400);
  const form = parsed.data;
  try {
    if (form.intent === "check") {
      const result = await checkImageJob(actor, form.jobId);
      if (!result.ok) return answer({ ok: false, message: result.message, jobId: form.jobId }, 404);
      const { status, run } = result.check;
      const runText = run ? ` · workflow ${run.status}${run.error ? `: ${run.error}` : ""}` : "";
      return answer({ ok: true, message: `Status: ${jobStatusLabel(status)}${runText}`, jobId: form.jobId, check: result.check });
    }
    const result = form.intent === "retry" ? await retryImageJob(actor, form.jobId) : await deleteStuckImageJob(actor, form.jobId);
    return answer({ ok: result.ok, message: result.message, jobId: form.jobId }, result.ok ? 200 : result.code === "not_found" ? 404 : 409);
  } catch (error) {
    console.error(`admin ai tools: ${form.intent} failed`, error);
    return answer({ ok: false, message: FAILED[form.intent], jobId: form.jobId }, 503);
  }
}

function statusClass(status: string): string {
  if (status === "failed") return "bg-red-100 text-red-800";
  if (status === "completed") return "bg-emerald-100 text-emerald-800";
  return "bg-amber-100 text-amber-800";
}

export default function AdminAiToolsTab() {
  const { jobs, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as JobsAction | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const confirming = params.get("confirm");
  const busy = navigation.state === "submitting";
  // Job events reach their owner's stream: the list follows the admin's own jobs live, others on Refresh Data.
  useLiveRevalidate(["job.updated", "resync"]);
  return (
    <AdminPanel title="Stuck Image Jobs" description="Image generation jobs waiting in the queue or failed.">
      <ResultNotice result={result} />
      {error ? <EmptyState tone="error">{error}</EmptyState> : null}
      {!error && jobs.length === 0 ? <EmptyState>{STUCK_JOB_MESSAGES.empty}</EmptyState> : null}
      <ul className="space-y-3" aria-label="Stuck jobs">
        {jobs.map((job) => (
          <li key={job.id} className="space-y-2 rounded-lg border border-slate-200 p-3 sm:p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge className={statusClass(job.status)}>{jobStatusLabel(job.status)}</Badge>
              <LocalDate iso={job.createdAt} className="text-xs text-slate-500" />
            </div>
            <p className="text-sm break-words text-slate-900">{job.prompt}</p>
            <dl className="grid gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-2">
              <div className="min-w-0">
                <dt className="inline font-medium">ID: </dt>
                <dd className="inline font-mono break-all">{job.id}</dd>
              </div>
              <div className="min-w-0">
                <dt className="inline font-medium">Request ID: </dt>
                <dd className="inline font-mono break-all">{job.requestId ?? "—"}</dd>
              </div>
              <div className="min-w-0">
                <dt className="inline font-medium">Owner: </dt>
                <dd className="inline break-all">{job.owner ?? "—"}</dd>
              </div>
              <div className="min-w-0">
                <dt className="inline font-medium">Attempts: </dt>
                <dd className="inline">{job.attempts}</dd>
              </div>
            </dl>
            {job.errorMessage ? <p className="rounded bg-red-50 px-2 py-1 text-xs break-words text-red-800">{job.errorMessage}</p> : null}
            {result?.jobId === job.id && result.check ? (
              <p role="status" className="text-xs text-slate-700">
                {result.message}
              </p>
            ) : null}
            {confirming === job.id ? (
              <div role="alertdialog" aria-label="Confirm delete" className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-3">
                <p className="text-sm text-red-900">{STUCK_JOB_MESSAGES.confirmDelete}</p>
                <Form method="post" action="?">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="jobId" value={job.id} />
                  <input type="hidden" name="confirmed" value="yes" />
                  <Button type="submit" size="sm" variant="danger" disabled={busy}>
                    Delete
                  </Button>
                </Form>
                <Link to="?" preventScrollReset className={buttonClasses("secondary", "sm")}>
                  Cancel
                </Link>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="jobId" value={job.id} />
                  <Button type="submit" size="sm" disabled={busy}>
                    Retry
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="check" />
                  <input type="hidden" name="jobId" value={job.id} />
                  <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                    Check Status
                  </Button>
                </Form>
                <Link to={`?confirm=${encodeURIComponent(job.id)}`} preventScrollReset className={buttonClasses("ghost", "sm", "text-red-700")}>
                  Delete
                </Link>
              </div>
            )}
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
