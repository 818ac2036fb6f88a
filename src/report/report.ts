// The run report: records of every placement assertion (report/record.ts), merged and written as
// placement-report.md (also appended to $GITHUB_STEP_SUMMARY), placement-report.html and placement-report.json.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { replaceFiles } from '../core/safe-files';
import { RECORDS_ENV, type PlacementRecord } from '../matchers/record';

export interface ReportOptions {
  /** Where the three files go (default: the working directory; $JEST_K8S_PLACEMENT_REPORT_DIR overrides it). */
  outputDirectory?: string;
  /** Page and section title (default "Placement report"; $JEST_K8S_PLACEMENT_REPORT_TITLE overrides it). */
  title?: string;
  /** Append the Markdown to $GITHUB_STEP_SUMMARY when it is set (default true). */
  stepSummary?: boolean;
}

/** The environment variables that override the reporter options (as jest-junit's JEST_JUNIT_OUTPUT_DIR does). */
export const REPORT_DIR_ENV = 'JEST_K8S_PLACEMENT_REPORT_DIR';
export const REPORT_TITLE_ENV = 'JEST_K8S_PLACEMENT_REPORT_TITLE';

/** The reporter options with the environment's overrides: CI can set a directory per job without editing the config. */
export function resolveOptions(options: ReportOptions = {}, env: NodeJS.ProcessEnv = process.env): ReportOptions {
  return {
    ...options,
    ...(env[REPORT_DIR_ENV] ? { outputDirectory: env[REPORT_DIR_ENV] } : {}),
    ...(env[REPORT_TITLE_ENV] ? { title: env[REPORT_TITLE_ENV] } : {}),
  };
}

/** A shard of a sharded run (Jest's and Vitest's `--shard=index/count`), 1-based. */
export interface Shard {
  index: number;
  count: number;
}

/** The report files a `report` argument names: a file as given; a directory's placement-report*.json (its shards'), sorted. */
export function reportFiles(args: readonly string[]): string[] {
  const json = /^placement-report(\.shard-\d+-of-\d+)?\.json$/;
  return args.flatMap((a) => {
    let entries: string[];
    try {
      entries = readdirSync(a);
    } catch {
      return [a]; // a file (or a missing path, which the caller reports)
    }
    return entries.filter((f) => json.test(f)).sort().map((f) => path.join(a, f));
  });
}

/** `placement-report`, or `placement-report.shard-2-of-3` for a shard, so that shards never overwrite each other. */
export const reportBaseName = (shard?: Shard) => (shard && shard.count > 1 ? `placement-report.shard-${shard.index}-of-${shard.count}` : 'placement-report');

export interface PlacementReport {
  version: 1;
  title: string;
  summary: { assertions: number; passed: number; failed: number; files: number };
  /** Set when the report is one shard's. */
  shard?: Shard;
  /** The records' notes (kubelet version, managed platform), each once, in the order first seen. */
  notes?: string[];
  records: PlacementRecord[];
}

/** The reporter's side of the records channel: a fresh run directory, named in the environment workers inherit. */
export class RecordsChannel {
  readonly dir: string;
  private readonly previous: string | undefined;

  constructor() {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'jest-k8s-placement-'));
    this.previous = process.env[RECORDS_ENV];
    process.env[RECORDS_ENV] = this.dir;
    process.once('exit', () => rmSync(this.dir, { recursive: true, force: true }));
  }

  /** Forget the records of an earlier run (watch mode). */
  clear(): void {
    for (const f of readdirSync(this.dir)) rmSync(path.join(this.dir, f), { force: true });
  }

  /** Every record written so far, a later record replacing an earlier one with the same id. */
  read(): PlacementRecord[] {
    const byId = new Map<string, PlacementRecord>();
    for (const f of readdirSync(this.dir).filter((n) => n.endsWith('.jsonl')).sort()) {
      for (const line of readFileSync(path.join(this.dir, f), 'utf8').split('\n')) {
        if (!line) continue;
        try {
          const r = JSON.parse(line) as PlacementRecord;
          byId.set(r.id, r);
        } catch {
          // a line cut short by a killed worker
        }
      }
    }
    return [...byId.values()];
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
    if (this.previous === undefined) delete process.env[RECORDS_ENV];
    else process.env[RECORDS_ENV] = this.previous;
  }
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A failed assertion counts as a failure unless its test passed: `expect(() => expect(x).toBeSchedulableOn(n)).toThrow()`
 * and `.not` checks inside try/catch fail an assertion on purpose.
 */
export const isFailure = (r: PlacementRecord) => !r.passed && r.testStatus !== 'passed';

/** Adds each record's test outcome from the runner's results, keyed by test file (relative, `/`) and full test name. */
export function withTestStatus(records: PlacementRecord[], status: (file: string, test: string) => string | undefined): PlacementRecord[] {
  return records.map((r) => {
    const s = status(r.file, r.test);
    return s ? { ...r, testStatus: s } : r;
  });
}

export function buildReport(records: PlacementRecord[], title = 'Placement report'): PlacementReport {
  // Stable order: by test file, then as the assertions ran within it.
  const sorted = records.map((r, i) => ({ r, i })).sort((a, b) => byText(a.r.file, b.r.file) || a.i - b.i).map((x) => x.r);
  const failed = sorted.filter(isFailure).length;
  const notes = [...new Set(sorted.flatMap((r) => r.notes ?? []))];
  return {
    version: 1,
    title,
    summary: { assertions: sorted.length, passed: sorted.length - failed, failed, files: new Set(sorted.map((r) => r.file)).size },
    ...(notes.length ? { notes } : {}),
    records: sorted,
  };
}

/** Merge reports (e.g. placement-report.json of each shard) into one; a record given twice (same id) counts once. */
export function mergeReports(reports: PlacementReport[], title?: string): PlacementReport {
  const byId = new Map<string, PlacementRecord>();
  for (const r of reports.flatMap((x) => x.records)) byId.set(r.id, r);
  return buildReport([...byId.values()], title ?? reports[0]?.title);
}

interface FileMatrix {
  file: string;
  subjects: Array<{ subject: string; namespace: string; origin?: string }>;
  groups: string[];
  cells: Map<string, PlacementRecord[]>;
}

/**
 * Each record's column: its group, unless the file asserts on copies of one Node in different states (as loaded,
 * NotReady, drained): then each copy gets its own column, named with its state (`general-b1 (NotReady)`, or
 * `general (general-b1: NotReady)` when the column is a pool). Equal words for different states get `#2`, `#3`.
 */
function columnsOf(records: readonly PlacementRecord[]): (r: PlacementRecord) => string {
  const keys = new Map<string, Map<string, string>>(); // target → stateKey → state, in order of first use
  for (const r of records) {
    if (!r.stateKey) continue;
    if (!keys.has(r.target)) keys.set(r.target, new Map());
    keys.get(r.target)!.set(r.stateKey, r.state ?? '');
  }
  return (r) => {
    const states = r.stateKey ? keys.get(r.target)! : undefined;
    if (!states || states.size < 2) return r.group;
    const same = [...states].filter(([, state]) => state === r.state).map(([k]) => k);
    const state = `${r.state}${same.length > 1 ? ` #${same.indexOf(r.stateKey!) + 1}` : ''}`;
    const name = r.target.replace(/^Node /, '');
    return r.group === name ? `${name} (${state})` : `${r.group} (${name}: ${state})`;
  };
}

const key = (subject: string, group: string) => `${subject}\u0000${group}`;
const nameOf = (subject: string) => subject.slice(subject.indexOf('/') + 1);
/** A row per workload and values set (or overlay): renders of one chart with other values are other manifests. */
const rowOf = (r: PlacementRecord) => (r.variant ? `${r.subject} (${r.variant})` : r.subject);

/** Per test file: subjects × columns (node group or target), each cell the assertions made there. */
export function fileMatrices(report: PlacementReport): FileMatrix[] {
  const files = new Map<string, PlacementRecord[]>();
  for (const r of report.records) files.set(r.file, [...(files.get(r.file) ?? []), r]);
  return [...files].map(([file, records]) => {
    const subjects = new Map<string, { subject: string; namespace: string; origin?: string }>();
    const cells = new Map<string, PlacementRecord[]>();
    const column = columnsOf(records);
    for (const r of records) {
      const row = rowOf(r);
      if (!subjects.has(row)) subjects.set(row, { subject: row, namespace: r.namespace, ...(r.origin ? { origin: r.origin } : {}) });
      const k = key(row, column(r));
      cells.set(k, [...(cells.get(k) ?? []), r]);
    }
    return {
      file,
      subjects: [...subjects.values()].sort((a, b) => byText(a.namespace, b.namespace) || byText(nameOf(a.subject), nameOf(b.subject)) || byText(a.subject, b.subject)),
      groups: [...new Set(records.map(column))].sort(byText),
      cells,
    };
  });
}

/** accepted: every assertion there found the workload can run; rejected: none did; mixed: some. */
export function cellVerdict(records: readonly PlacementRecord[]): 'accepted' | 'rejected' | 'mixed' {
  const yes = records.filter((r) => r.accepted).length;
  return yes === records.length ? 'accepted' : yes === 0 ? 'rejected' : 'mixed';
}

const assertion = (r: PlacementRecord) => `expect(${r.subject})${r.negated ? '.not' : ''}.${r.matcher}(${r.target})`;

function summaryLine(report: PlacementReport): string {
  const s = report.summary;
  const shard = report.shard ? ` (shard ${report.shard.index} of ${report.shard.count})` : '';
  if (s.assertions === 0) return `No placement assertions ran${shard}.`;
  return `${s.assertions} placement assertion(s) in ${s.files} test file(s)${shard}: ${s.passed} passed, ${s.failed} failed.`;
}

/** The assertion's outcome, apart from the verdict: a passing `.not` that found "rejected" is ✅. */
export function outcomeMark(r: PlacementRecord): string {
  return r.passed ? '✅' : isFailure(r) ? '❌' : '⚠️';
}

export const MARKDOWN_LEGEND =
  'Legend: ✅ the assertion passed, ❌ it failed, ⚠️ it failed inside a test that passed (e.g. `expect(() => …).toThrow()`); ' +
  'the words are the verdict (what the workload would get there), and `(.not)` marks a negated assertion.';

const md = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMarkdown(report: PlacementReport): string {
  const out = [`## ${report.title}`, '', summaryLine(report), ''];
  for (const note of report.notes ?? []) out.push(`> **Note:** ${md(note)}`, '');
  if (report.records.length) out.push(MARKDOWN_LEGEND, '');
  for (const m of fileMatrices(report)) {
    out.push(`### \`${m.file || '(unknown test file)'}\``, '', `| workload | ${m.groups.map(md).join(' | ')} |`, `|---|${m.groups.map(() => '---').join('|')}|`);
    for (const s of m.subjects) {
      const cells = m.groups.map((g) => {
        const rs = m.cells.get(key(s.subject, g)) ?? [];
        return rs.map((r) => `${outcomeMark(r)} ${md(r.verdict)}${r.negated ? ' (.not)' : ''}`).join('<br>');
      });
      out.push(`| ${md(s.subject)} | ${cells.join(' | ')} |`);
    }
    out.push('');
  }
  const failures = report.records.filter(isFailure);
  if (failures.length) {
    out.push(`### Failures (${failures.length})`, '');
    for (const r of failures) {
      out.push(`<details><summary>${escapeHtml(`${r.file} › ${r.test}: ${assertion(r)}`)}</summary>`, '', '```', (r.message ?? '').trim(), '```', '', '</details>', '');
    }
  }
  return out.join('\n');
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const CSS = `
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1f2328}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;vertical-align:top;text-align:left}
thead th{background:#f6f8fa}tbody th{font-weight:normal}small{color:#59636e}
td.accepted{background:#dafbe1}td.rejected{background:#ffebe9}td.mixed{background:#fff8c5}td.none{color:#8c959f}
td.failed{outline:3px solid #cf222e;outline-offset:-3px}
details>summary{cursor:pointer}.reason{white-space:pre-wrap;font-family:ui-monospace,monospace;font-size:12px;margin:.3rem 0}
pre{background:#f6f8fa;padding:.6rem;white-space:pre-wrap}
body>label{margin-right:.6rem}main{margin-top:1rem}
section.failure:target{outline:3px solid #0969da}
`;

export function renderHtml(report: PlacementReport): string {
  const matrices = fileMatrices(report);
  const namespaces = [...new Set(report.records.map((r) => r.namespace))].sort(byText);
  const nsId = (ns: string) => `ns-${namespaces.indexOf(ns)}`;
  const failures = report.records.filter(isFailure);
  const failureId = new Map(failures.map((r, i) => [r.id, `failure-${i + 1}`]));
  // CSS-only filters: radio buttons before <main>; a checked one hides the rows (or cells) that do not match.
  const filterCss = [
    ...namespaces.map((ns) => `#${nsId(ns)}:checked~main tbody tr:not(.${nsId(ns)}){display:none}`),
    ...['accepted', 'rejected', 'mixed', 'failed'].map((v) => `#v-${v}:checked~main tbody tr:not(:has(td.${v})){display:none}#v-${v}:checked~main td.cell:not(.${v})>*{opacity:.25}`),
    `#v-failed:checked~main section.file:not(:has(td.failed)){display:none}`,
  ].join('\n');
  const radio = (name: string, id: string, label: string, checked = false) =>
    `<input type="radio" name="${name}" id="${id}"${checked ? ' checked' : ''}><label for="${id}">${escapeHtml(label)}</label>`;
  const cell = (records: PlacementRecord[]) => {
    if (!records.length) return '<td class="cell none">·</td>';
    const verdict = cellVerdict(records);
    const failed = records.some(isFailure);
    const title = records.map((r) => `${r.verdict}${r.reason ? `: ${r.reason}` : ''}${r.detail ? ` (${r.detail})` : ''}`).join('\n');
    const summary = [...new Set(records.map((r) => r.verdict))].join(', ');
    const items = records.map((r) => {
      const link = failureId.has(r.id) ? ` <a href="#${failureId.get(r.id)}">failed: see why</a>` : '';
      return `<li>${escapeHtml(`${r.test}: ${r.negated ? 'not ' : ''}${r.matcher} ${r.target} → ${r.verdict}`)}${link}` +
        (r.reason ? `<div class="reason">${escapeHtml(r.reason)}${r.detail ? `\n${escapeHtml(r.detail)}` : ''}</div>` : '') + '</li>';
    });
    return `<td class="cell ${verdict}${failed ? ' failed' : ''}" title="${escapeHtml(title)}"><details><summary>${escapeHtml(summary)}${failed ? ' ✗' : ''}</summary><ul>${items.join('')}</ul></details></td>`;
  };
  const sections = matrices.map((m) => {
    const head = `<tr><th>workload</th>${m.groups.map((g) => `<th scope="col">${escapeHtml(g)}</th>`).join('')}</tr>`;
    const rows = m.subjects.map((s) =>
      `<tr class="${nsId(s.namespace)}" data-namespace="${escapeHtml(s.namespace)}"><th scope="row">${escapeHtml(s.subject)}${s.origin ? `<br><small>${escapeHtml(s.origin)}</small>` : ''}</th>` +
      m.groups.map((g) => cell(m.cells.get(key(s.subject, g)) ?? [])).join('') + '</tr>');
    return `<section class="file"><h2>${escapeHtml(m.file || '(unknown test file)')}</h2><table><thead>${head}</thead><tbody>${rows.join('\n')}</tbody></table></section>`;
  });
  const failureSections = failures.map((r) =>
    `<section class="failure" id="${failureId.get(r.id)}"><h3>${escapeHtml(`${r.file} › ${r.test}`)}</h3><p>${escapeHtml(assertion(r))}</p><pre>${escapeHtml((r.message ?? '').trim())}</pre></section>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(report.title)}</title><style>${CSS}${filterCss}</style></head>
<body><h1>${escapeHtml(report.title)}</h1><p id="summary">${escapeHtml(summaryLine(report))} Cells: green = the workload can run there, red = it cannot, yellow = mixed; a red outline marks a failed assertion. Hover a cell for kube-scheduler's reason, or open it.</p>
${(report.notes ?? []).map((n) => `<p class="note"><b>Note:</b> ${escapeHtml(n)}</p>\n`).join('')}<b>Namespace</b> ${radio('ns', 'ns-all', 'all', true)}${namespaces.map((ns) => radio('ns', nsId(ns), ns)).join('')}
<br><b>Verdict</b> ${radio('verdict', 'v-all', 'all', true)}${radio('verdict', 'v-accepted', 'can run')}${radio('verdict', 'v-rejected', 'cannot run')}${radio('verdict', 'v-mixed', 'mixed')}${radio('verdict', 'v-failed', 'failed assertions')}
<main>${sections.join('\n')}
${failures.length ? `<h2 id="failures">Failures (${failures.length})</h2>${failureSections.join('\n')}` : ''}
</main></body></html>
`;
}

/** Writes the three files (named for the report's shard, if any); appends the Markdown to $GITHUB_STEP_SUMMARY when set. Returns the paths written. */
export function writeReport(report: PlacementReport, options: ReportOptions = {}): string[] {
  const dir = path.resolve(options.outputDirectory ?? process.cwd());
  mkdirSync(dir, { recursive: true });
  const base = reportBaseName(report.shard);
  const markdown = renderMarkdown(report);
  const files = {
    [`${base}.md`]: markdown,
    [`${base}.html`]: renderHtml(report),
    [`${base}.json`]: `${JSON.stringify(report, null, 2)}\n`,
  };
  // through temporary files and renames: a symlink planted at a report's name is replaced, not written through, and
  // a full disk leaves the previous report whole (core/safe-files.ts)
  const written = Object.entries(files).map(([name, text]) => ({ file: path.join(dir, name), text }));
  replaceFiles(written);
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (summary && options.stepSummary !== false) appendFileSync(summary, `${markdown}\n`);
  return written.map((w) => w.file);
}

/**
 * The reporters' end of a run: the report of these records, for this shard, with the environment's overrides.
 * A run without a placement assertion (a filter that matched nothing, a runner config without placement specs)
 * leaves an existing report as it was and says so, instead of replacing it with an empty one.
 * Returns the line to print, if any.
 */
export function writeRunReport(records: PlacementRecord[], reporterOptions: ReportOptions = {}, shard?: Shard): string | undefined {
  const options = resolveOptions(reporterOptions);
  const report: PlacementReport = { ...buildReport(records, options.title), ...(shard && shard.count > 1 ? { shard } : {}) };
  const json = path.join(path.resolve(options.outputDirectory ?? process.cwd()), `${reportBaseName(report.shard)}.json`);
  if (records.length === 0 && existsSync(json)) {
    return `jest-k8s-placement: no placement assertions ran; ${path.relative(process.cwd(), json) || json} and its .md and .html are left as they were`;
  }
  writeReport(report, options);
  return undefined;
}
