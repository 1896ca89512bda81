// Writes docs/decisions/README.md, the index of the ADRs, from each ADR's title, Date and Status
// lines. `node scripts/adr-index.mjs` rewrites it; `--check` exits 1 when it is out of date or an
// ADR lacks its Date or Status line (tests/unit/adr-index.test.ts runs the same check).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DECISIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "decisions");

/** One ADR's index entry, or the problems that keep it out of the index. */
export function readAdr(name, text) {
  const lines = text.split("\n");
  const title = /^# (\d{3})\s*(?:—|-|\.|:)?\s*(.+)$/.exec(lines[0] ?? "");
  const head = lines.slice(0, 8);
  const date = head
    .find((l) => l.startsWith("Date: "))
    ?.slice(6)
    .trim();
  const status = head
    .find((l) => l.startsWith("Status: "))
    ?.slice(8)
    .trim();
  const problems = [];
  if (!title) problems.push(`${name}: the first line is not "# NNN — Title"`);
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) problems.push(`${name}: no "Date: YYYY-MM-DD" line under the title`);
  if (!status) problems.push(`${name}: no "Status:" line under the title`);
  return { name, number: title?.[1] ?? name.slice(0, 3), title: title?.[2] ?? name, date, status, problems };
}

// "superseded by 125", "amended by 141 (…) and 151", "docs/product.md" become links.
function linkStatus(status, byNumber) {
  return status
    .replace(/\bdocs\/product\.md\b/g, "[docs/product.md](../product.md)")
    .replace(/\b(by|and|,) (\d{3})\b/g, (whole, word, n) => (byNumber.has(n) ? `${word} [${n}](${byNumber.get(n)})` : whole));
}

export function renderIndex(adrs) {
  const byNumber = new Map(adrs.map((a) => [a.number, a.name]));
  const escape = (s) => s.replace(/\|/g, "\\|");
  const rows = adrs.map((a) => `| ${a.number} | [${escape(a.title)}](${a.name}) | ${a.date} | ${escape(linkStatus(a.status, byNumber))} |`);
  return `# Architecture decision records

Why Reelforge is built the way it is, one decision per file. What the product does is in
[docs/product.md](../product.md); how the code is organised is in
[docs/architecture.md](../architecture.md).

Each ADR starts with its title, a \`Date:\` line (the day it was first committed) and a
\`Status:\` line:
- **accepted**: in force. "amended by N" means ADR N changed a detail and says which;
  "in part superseded by N" means ADR N replaced the part named in brackets, the rest stands.
- **superseded by N**: ADR N replaced it; read that one instead.
- **superseded by docs/product.md**: the file described a feature rather than a decision; the
  description now lives in docs/product.md and the file only points there.

A new ADR takes the next free number of its range, starts with \`Date:\` and \`Status: accepted\`,
and marks what it replaces in the older ADR's \`Status:\` line. This index is written by
\`node scripts/adr-index.mjs\` (the unit tests fail when it is out of date).

| ADR | Title | Date | Status |
| --- | --- | --- | --- |
${rows.join("\n")}
`;
}

export function buildIndex(dir = DECISIONS) {
  const names = readdirSync(dir)
    .filter((n) => /^\d{3}-.+\.md$/.test(n))
    .sort();
  const adrs = names.map((n) => readAdr(n, readFileSync(path.join(dir, n), "utf8")));
  return { problems: adrs.flatMap((a) => a.problems), text: renderIndex(adrs) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { problems, text } = buildIndex();
  const readme = path.join(DECISIONS, "README.md");
  if (problems.length) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(readme, "utf8");
    } catch {}
    if (current !== text) {
      console.error("docs/decisions/README.md is out of date: run node scripts/adr-index.mjs");
      process.exit(1);
    }
  } else {
    writeFileSync(readme, text);
    console.log(`docs/decisions/README.md: ${text.split("\n").filter((l) => /^\| \d/.test(l)).length} ADRs`);
  }
}
