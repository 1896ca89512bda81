// /status: which providers are active (local defaults or hosted services) and whether the
// database, storage and workflow engine are healthy, in words. The same checks as /healthz.
import { data, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { modelSummary } from "~/components/landing/provider-copy";
import { TextPage } from "~/components/landing/TextPage";
import { activeModels } from "~/providers/model-use.server";
import { systemHealth, type Part } from "./health.server";
import { Time } from "~/components/time/TimeZone";

export const meta: MetaFunction = () => [{ title: "System Status — Reelforge" }];

const CAPABILITY_NAMES: Record<string, string> = {
  chat: "Planning and assistant",
  voice: "Voice-over",
  image: "Product images",
  motion: "Image to video",
  music: "Background music",
  render: "Video compiling",
};

type Row = { name: string; state: "ok" | "problem" | "off"; detail: string; note?: string };

function text(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

function row(name: string, part: Part, detail: string | undefined): Row {
  const problem = text(part.error) ?? text(part.problem);
  return {
    name,
    state: part.ok === true ? "ok" : part.ok === false ? "problem" : "off",
    detail: detail ?? (part.ok ? "Working" : "Not available"),
    note: problem ?? text(part.warning),
  };
}

export async function loader() {
  const [health, models] = await Promise.all([systemHealth(), activeModels()]);
  const core: Row[] = [
    row("Database", health.database, "PostgreSQL"),
    row("File storage", health.storage, health.storage.driver === "s3" ? "S3-compatible object storage" : "Local files"),
    row("Workflow engine", health.workflows, text(health.workflows.detail) ?? text(health.workflows.engine)),
  ];
  const providers: Row[] = Object.entries(health.providers)
    .filter(([capability]) => capability in CAPABILITY_NAMES)
    .map(([capability, part]) => {
      const label = text(part.label) ?? text(part.provider) ?? capability;
      return row(CAPABILITY_NAMES[capability], part, `${label}${part.local === true ? " (runs on this server, no keys needed)" : ""}`);
    });
  return data(
    { status: health.status, checkedAt: health.time, core, providers, models: modelSummary(models) },
    { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

const STATE_STYLE: Record<Row["state"], string> = {
  ok: "bg-emerald-100 text-emerald-800",
  problem: "bg-red-100 text-red-800",
  off: "bg-slate-100 text-slate-700",
};
const STATE_LABEL: Record<Row["state"], string> = { ok: "Working", problem: "Problem", off: "Not set up" };

function Table({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <table className="mt-4 w-full border-collapse text-left text-sm">
      <caption className="mb-2 text-left text-base font-semibold text-slate-900">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-500">
          <th scope="col" className="py-2 pr-3 font-medium">
            Part
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Provider
          </th>
          <th scope="col" className="py-2 font-medium">
            State
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name} className="border-b border-slate-100 align-top">
            <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
              {r.name}
            </th>
            <td className="py-2 pr-3">
              {r.detail}
              {r.note ? <p className="mt-1 text-xs text-amber-700">{r.note}</p> : null}
            </td>
            <td className="py-2">
              <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLE[r.state]}`}>{STATE_LABEL[r.state]}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Status() {
  const { status, checkedAt, core, providers, models } = useLoaderData<typeof loader>() as unknown as {
    status: string;
    checkedAt: string;
    core: Row[];
    providers: Row[];
    models: string;
  };
  return (
    <TextPage
      title="System Status"
      intro={
        <p role="status">
          {status === "ok" ? "All systems are working." : "Some parts need attention; see below."}{" "}
          <span className="text-sm text-slate-500">
            Checked <Time value={checkedAt} />.
          </span>
        </p>
      }
    >
      <Table caption="Services" rows={core} />
      <Table caption="Media and planning providers" rows={providers} />
      <p data-testid="model-summary">{models}</p>
      <p>
        Providers marked "runs on this server" work offline with no keys. Hosted services are switched on by the server's configuration. Machine-readable:{" "}
        <a href="/healthz">/healthz</a>.
      </p>
    </TextPage>
  );
}
