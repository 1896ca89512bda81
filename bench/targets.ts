// The targets of issue 25 item 5 in one table (ADR 370): each with its measured value, the target,
// met/missed and, for a miss, by how much and the known cause and next step. The values come from the
// latest result files the bench scenarios write (bench/results/*-latest.json), not from new
// measurements; a target whose scenario has not run says so. Pure functions here (unit tested in
// tests/unit/bench-targets.test.ts); bench/targets-report.ts reads the files and writes
// bench/results/targets-latest.json and .md.

export type Comparison = "<=" | ">=" | "<";

export type TargetRow = {
  id: string;
  target: string;
  /** The measured value, or null where the scenario has not run or gave none. */
  measured: number | null;
  unit: string;
  comparison: Comparison;
  limit: number;
  /** The result file and its date, so rows from different runs can be told apart. */
  source: string;
  /** Extra facts of the measurement (e.g. the other pages, the samples). */
  detail?: string;
};

export type Verdict = "met" | "missed" | "not measured";

export type EvaluatedRow = TargetRow & {
  verdict: Verdict;
  /** How far from the limit, in the unit (measured - limit, or limit - measured for ">="); null when met or not measured. */
  missBy: number | null;
  /** The same as a fraction of the limit (0.66: 66 % over a "<=" limit; 0.24: 24 % short of a ">=" one). */
  missByFraction: number | null;
  cause: string | null;
  nextStep: string | null;
};

export type Cause = { cause: string; nextStep: string };

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Met, missed or not measured; for a miss, by how much (absolute and as a fraction of the limit). */
export function judge(row: Pick<TargetRow, "measured" | "comparison" | "limit">): { verdict: Verdict; missBy: number | null; missByFraction: number | null } {
  const { measured, comparison, limit } = row;
  if (measured === null || !Number.isFinite(measured)) return { verdict: "not measured", missBy: null, missByFraction: null };
  const met = comparison === "<=" ? measured <= limit : comparison === "<" ? measured < limit : measured >= limit;
  if (met) return { verdict: "met", missBy: null, missByFraction: null };
  const missBy = comparison === ">=" ? limit - measured : measured - limit;
  return { verdict: "missed", missBy: round(missBy), missByFraction: limit === 0 ? null : round(missBy / Math.abs(limit)) };
}

/**
 * The cause of a miss: the table keyed by target id, with the row's own id first and then its
 * family (the part before the first ":"), so "page-p95:dashboard" finds "page-p95".
 */
export function causeOf(id: string, causes: Record<string, Cause>): Cause | null {
  return causes[id] ?? causes[id.split(":")[0]] ?? null;
}

export function evaluate(rows: TargetRow[], causes: Record<string, Cause>): EvaluatedRow[] {
  return rows.map((row) => {
    const j = judge(row);
    const c = j.verdict === "missed" ? causeOf(row.id, causes) : null;
    return {
      ...row,
      ...j,
      cause: j.verdict === "missed" ? (c?.cause ?? "no known cause recorded: measure it") : null,
      nextStep: j.verdict === "missed" ? (c?.nextStep ?? "find the cause (profile the scenario)") : null,
    };
  });
}

export function summary(rows: EvaluatedRow[]): { met: number; missed: number; notMeasured: number; allMet: boolean } {
  const met = rows.filter((r) => r.verdict === "met").length;
  const missed = rows.filter((r) => r.verdict === "missed").length;
  const notMeasured = rows.filter((r) => r.verdict === "not measured").length;
  return { met, missed, notMeasured, allMet: missed === 0 && notMeasured === 0 };
}

const fmt = (n: number | null, unit: string) => (n === null ? "—" : `${round(n)}${unit === "x" ? "x" : unit ? ` ${unit}` : ""}`);

/** "missed by 0.33x (66 %)". */
export function missText(r: EvaluatedRow): string {
  if (r.verdict !== "missed" || r.missBy === null) return r.verdict;
  const pct = r.missByFraction === null ? "" : ` (${Math.round(r.missByFraction * 100)} %)`;
  return `missed by ${fmt(r.missBy, r.unit)}${pct}`;
}

/** The misses grouped by cause: [cause, next step, the targets it explains]. */
export function missesByCause(rows: EvaluatedRow[]): { cause: string; nextStep: string; targets: string[] }[] {
  const groups = new Map<string, { cause: string; nextStep: string; targets: string[] }>();
  for (const r of rows) {
    if (r.verdict !== "missed") continue;
    const key = `${r.cause}\n${r.nextStep}`;
    const g = groups.get(key) ?? { cause: r.cause ?? "", nextStep: r.nextStep ?? "", targets: [] };
    g.targets.push(r.target);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** Plain-text table for the console, then the causes of the misses. */
export function consoleTable(rows: EvaluatedRow[]): string {
  const lines = rows.map((r) => [r.target, fmt(r.measured, r.unit), `${r.comparison} ${fmt(r.limit, r.unit)}`, missText(r)]);
  const head = ["target", "measured", "limit", "verdict"];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  const out = [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(line)];
  for (const g of missesByCause(rows)) out.push(`Missed: ${g.targets.join("; ")}.`, `  Cause: ${g.cause}`, `  Next: ${g.nextStep}`);
  for (const r of rows.filter((x) => x.verdict === "not measured")) out.push(`Not measured: ${r.target} (${r.source}${r.detail ? `; ${r.detail}` : ""})`);
  return out.join("\n");
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** Markdown table, then the causes and next steps of the misses. */
export function markdownTable(rows: EvaluatedRow[], meta: { date: string; note?: string }): string {
  const s = summary(rows);
  return [
    `# Bench targets (issue 25 item 5)`,
    ``,
    `${meta.date}: ${s.met} met, ${s.missed} missed, ${s.notMeasured} not measured.${meta.note ? ` ${meta.note}` : ""}`,
    ``,
    `| Target | Measured | Limit | Verdict | Source |`,
    `| --- | --- | --- | --- | --- |`,
    ...rows.map(
      (r) =>
        `| ${cell(r.target)} | ${fmt(r.measured, r.unit)} | ${r.comparison} ${fmt(r.limit, r.unit)} | ${missText(r)} | ${cell(r.source + (r.detail ? `; ${r.detail}` : ""))} |`,
    ),
    ``,
    ...(s.missed ? [`## Causes of the misses`, ``] : []),
    ...missesByCause(rows).flatMap((g) => [`- **${g.targets.map(cell).join("; ")}**: ${g.cause} Next step: ${g.nextStep}`]),
    ``,
  ].join("\n");
}
