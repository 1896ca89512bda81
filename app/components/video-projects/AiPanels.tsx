// The project manager's planner actions (docs/product.md#video-projects): Analyze Project and
// Optimize Scenes with the "AI Analysis" panel, and per scene Enhance Scene and Suggest
// Improvements. Each is a form posting to the page's action (works without JavaScript); with
// JavaScript it goes through a fetcher and shows "Loading..." meanwhile. Optimize Scenes only
// proposes an order: the user applies it with a second form (ADR 175).
import { Button } from "~/components/ui/Button";
import { plainForm, useFetcherForm, type PageForm } from "~/components/ui/page-form";
import { ErrorLine, resultOf, useHydrated, type ActionResult } from "./parts";

type Analysis = {
  summary: string;
  sceneCount: number;
  readyScenes: number;
  readyToCompile: boolean;
  estimatedDurationSeconds: number;
  projectMissing: string[];
  nextSteps: string[];
  scenes: { sceneId: string; order: number; title: string; ready: boolean; missing: string[]; estimatedSeconds: number }[];
};

type Proposal = {
  summary: string;
  changed: boolean;
  proposedOrder: string[];
  scenes: { sceneId: string; title: string; role: string; from: number; to: number; reason: string }[];
};

type Suggestions = { suggestions: { field: string; severity: "high" | "medium" | "low"; message: string; proposed?: string }[] };

export type ProjectAiResult = ActionResult | undefined;

function Busy({ busy }: { busy: boolean }) {
  return busy ? (
    <p className="text-sm text-slate-600" aria-live="polite">
      Loading...
    </p>
  ) : null;
}

type AnalysisProps = { actionData?: ActionResult; planner: { label: string; local: boolean }; action: string };
type AnalysisForms = { analyze: PageForm<ActionResult>; optimize: PageForm<ActionResult>; apply: PageForm<ActionResult> };

/** Before hydration plain posts to `action` (markup that may be kept); after, fetchers' forms. */
export function AiAnalysisPanel(props: AnalysisProps) {
  const hydrated = useHydrated();
  if (hydrated) return <LiveAiAnalysisPanel {...props} />;
  const plain = plainForm<ActionResult>(props.action);
  return <AiAnalysisBody {...props} forms={{ analyze: plain, optimize: plain, apply: plain }} />;
}

function LiveAiAnalysisPanel(props: AnalysisProps) {
  const analyze = useFetcherForm<ActionResult>();
  const optimize = useFetcherForm<ActionResult>();
  const apply = useFetcherForm<ActionResult>();
  return <AiAnalysisBody {...props} forms={{ analyze, optimize, apply }} />;
}

function AiAnalysisBody({ actionData, planner, forms }: AnalysisProps & { forms: AnalysisForms }) {
  const { analyze, optimize, apply } = forms;
  const analyzed = resultOf(analyze.data, actionData, "analyze-project");
  const proposed = resultOf(optimize.data, actionData, "optimize-scenes");
  const applied = resultOf(apply.data, actionData, "apply-order");
  const analysis = analyzed?.ok ? (analyzed.data as Analysis) : null;
  const proposal = proposed?.ok ? (proposed.data as Proposal) : null;
  const busy = analyze.state !== "idle" || optimize.state !== "idle" || apply.state !== "idle";
  return (
    <section className="space-y-3" aria-labelledby="ai-analysis-title">
      <div className="flex flex-wrap gap-2">
        <analyze.Form method="post">
          <input type="hidden" name="intent" value="analyze-project" />
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            Analyze Project
          </Button>
        </analyze.Form>
        <optimize.Form method="post">
          <input type="hidden" name="intent" value="optimize-scenes" />
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            Optimize Scenes
          </Button>
        </optimize.Form>
      </div>
      <Busy busy={busy} />
      {analyzed && !analyzed.ok ? <ErrorLine message={analyzed.error} /> : null}
      {proposed && !proposed.ok ? <ErrorLine message={proposed.error} /> : null}
      {applied ? applied.ok ? <p className="text-sm text-green-700">{applied.message}</p> : <ErrorLine message={applied.error} /> : null}
      {analysis || proposal ? (
        <div className="space-y-3 rounded-xl border border-brand-100 bg-brand-50/50 p-3" data-testid="ai-analysis">
          <h3 id="ai-analysis-title" className="text-sm font-semibold text-slate-900">
            AI Analysis
          </h3>
          <p className="text-xs text-slate-500">
            Made by the {planner.label.toLowerCase()} from this project&apos;s own data{planner.local ? " (rules, not a language model)" : ""}.
          </p>
          {analysis ? <AnalysisView analysis={analysis} /> : null}
          {proposal ? <ProposalView proposal={proposal} apply={apply} busy={busy} /> : null}
        </div>
      ) : (
        <h3 id="ai-analysis-title" className="sr-only">
          AI Analysis
        </h3>
      )}
    </section>
  );
}

function AnalysisView({ analysis }: { analysis: Analysis }) {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{analysis.summary}</p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-4">
        <dt className="text-slate-500">Scenes</dt>
        <dd>{analysis.sceneCount}</dd>
        <dt className="text-slate-500">Ready</dt>
        <dd>{analysis.readyScenes}</dd>
        <dt className="text-slate-500">Length</dt>
        <dd>{Math.round(analysis.estimatedDurationSeconds)} s</dd>
        <dt className="text-slate-500">Compile</dt>
        <dd>{analysis.readyToCompile ? "ready" : "needs work"}</dd>
      </dl>
      {analysis.projectMissing.length ? <p>Project is missing: {analysis.projectMissing.join(", ")}.</p> : null}
      {analysis.scenes.length ? (
        <ul className="space-y-1">
          {analysis.scenes.map((s) => (
            <li key={s.sceneId} className="break-words">
              <span className="font-medium">{s.title}</span>: {s.ready ? "ready" : s.missing.length ? `missing ${s.missing.join(", ")}` : "not completed yet"}{" "}
              (about {s.estimatedSeconds} s)
            </li>
          ))}
        </ul>
      ) : null}
      {analysis.nextSteps.length ? (
        <div>
          <p className="font-medium text-slate-900">Next steps</p>
          <ol className="list-decimal pl-5">
            {analysis.nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

function ProposalView({ proposal, apply, busy }: { proposal: Proposal; apply: PageForm<ActionResult>; busy: boolean }) {
  return (
    <div className="space-y-2 text-sm text-slate-700" data-testid="scene-order-proposal">
      <p className="font-medium text-slate-900">{proposal.summary}</p>
      {proposal.scenes.length ? (
        <ol className="list-decimal space-y-1 pl-5">
          {proposal.scenes.map((s) => (
            <li key={s.sceneId} className="break-words">
              <span className="font-medium">{s.title}</span>{" "}
              <span className="text-slate-500">
                ({s.role}
                {s.from !== s.to ? `, now ${s.from}` : ""})
              </span>
              {s.from !== s.to ? <span className="block text-xs text-slate-500">{s.reason}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {proposal.changed ? (
        <apply.Form method="post">
          <input type="hidden" name="intent" value="apply-order" />
          <input type="hidden" name="order" value={proposal.proposedOrder.join(",")} />
          <Button type="submit" size="sm" disabled={busy}>
            Apply this order
          </Button>
        </apply.Form>
      ) : null}
    </div>
  );
}

/** Enhance Scene and Suggest Improvements of one scene, with their answers. */
export type SceneAiForms = { enhance: PageForm<ActionResult>; suggest: PageForm<ActionResult>; apply: PageForm<ActionResult> };

export function SceneAiActions({ sceneId, actionData, forms }: { sceneId: string; actionData?: ActionResult; forms: SceneAiForms }) {
  const { enhance, suggest, apply } = forms;
  const mine = (r: ActionResult | undefined) => (r && "sceneId" in r && r.sceneId === sceneId ? r : undefined);
  const enhanced = mine(resultOf(enhance.data, actionData, "enhance-scene"));
  const applied = mine(resultOf(apply.data, actionData, "apply-description"));
  const proposal = enhanced?.ok ? (enhanced.data as { description: string; previous: string | null } | undefined) : undefined;
  const suggested = mine(resultOf(suggest.data, actionData, "suggest-improvements"));
  const busy = enhance.state !== "idle" || suggest.state !== "idle";
  const suggestions = suggested?.ok ? (suggested.data as Suggestions).suggestions : null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <enhance.Form method="post">
          <input type="hidden" name="intent" value="enhance-scene" />
          <input type="hidden" name="sceneId" value={sceneId} />
          <Button type="submit" size="sm" variant="ghost" disabled={busy}>
            Enhance Scene
          </Button>
        </enhance.Form>
        <suggest.Form method="post">
          <input type="hidden" name="intent" value="suggest-improvements" />
          <input type="hidden" name="sceneId" value={sceneId} />
          <Button type="submit" size="sm" variant="ghost" disabled={busy}>
            Suggest Improvements
          </Button>
        </suggest.Form>
      </div>
      <Busy busy={busy} />
      {enhanced && !enhanced.ok ? <ErrorLine message={enhanced.error} /> : null}
      {enhanced?.ok && proposal && !applied?.ok ? (
        <div className="space-y-2 rounded-lg bg-slate-50 p-2 text-sm text-slate-700" data-testid="description-proposal">
          <p className="font-medium text-slate-900">{enhanced.message}</p>
          <p className="break-words">
            <span className="block text-xs font-medium text-slate-500">Proposed</span>
            {proposal.description}
          </p>
          <p className="break-words">
            <span className="block text-xs font-medium text-slate-500">Yours</span>
            {proposal.previous || "(no description)"}
          </p>
          <apply.Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="apply-description" />
            <input type="hidden" name="sceneId" value={sceneId} />
            <input type="hidden" name="description" value={proposal.description} />
            <Button type="submit" size="sm" disabled={busy || apply.state !== "idle"}>
              Use this description
            </Button>
          </apply.Form>
        </div>
      ) : null}
      {applied ? applied.ok ? <p className="text-sm text-green-700">{applied.message}</p> : <ErrorLine message={applied.error} /> : null}
      {suggested && !suggested.ok ? <ErrorLine message={suggested.error} /> : null}
      {suggested?.ok ? (
        <div className="space-y-1 rounded-lg bg-slate-50 p-2 text-sm text-slate-700" data-testid="scene-suggestions">
          <p className="font-medium text-slate-900">{suggested.message}</p>
          {suggestions?.length ? (
            <ul className="space-y-1">
              {suggestions.map((s, i) => (
                <li key={`${s.field}-${i}`} className="break-words">
                  <span className={s.severity === "high" ? "text-red-700" : s.severity === "medium" ? "text-amber-700" : "text-slate-500"}>{s.severity}</span> ·{" "}
                  {s.message}
                  {s.proposed ? <span className="block text-xs text-slate-500">Proposed: {s.proposed}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
