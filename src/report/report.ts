// The run report: records of every placement assertion (report/record.ts), merged and written as
// placement-report.md (also appended to $GITHUB_STEP_SUMMARY), placement-report.html and placement-report.json.
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RECORDS_ENV, type PlacementRecord } from './record';

export interface ReportOptions {
  /** Where the three files go (default: the working directory). */
  outputDirectory?: string;
  /** Page and section title (default "Placement report"). */
  title?: string;
  /** Append the Markdown to $GITHUB_STEP_SUMMARY when it is set (default true). */
  stepSummary?: boolean;
}

export interface PlacementReport {
  version: 1;
  title: string;
  summary: { assertions: number; passed: number; failed: number; files: number };
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
  return {
    version: 1,
    title,
    summary: { assertions: sorted.length, passed: sorted.length - failed, failed, files: new Set(sorted.map((r) => r.file)).size },
    records: sorted,
  };
}

/** Merge reports (e.g. placement-report.json of each shard) into one. */
export function mergeReports(reports: PlacementReport[], title?: string): PlacementReport {
  return buildReport(reports.flatMap((r) => r.records), title ?? reports[0]?.title);
}

interface FileMatrix {
  file: string;
  subjects: Array<{ subject: string; namespace: string; origin?: string }>;
  groups: string[];
  cells: Map<string, PlacementRecord[]>;
}

const key = (subject: string, group: string) => `${subject}\u0000${group}`;
const nameOf = (subject: string) => subject.slice(subject.indexOf('/') + 1);

/** Per test file: subjects × columns (node group or target), each cell the assertions made there. */
export function fileMatrices(report: PlacementReport): FileMatrix[] {
  const files = new Map<string, PlacementRecord[]>();
  for (const r of report.records) files.set(r.file, [...(files.get(r.file) ?? []), r]);
  return [...files].map(([file, records]) => {
    const subjects = new Map<string, { subject: string; namespace: string; origin?: string }>();
    const cells = new Map<string, PlacementRecord[]>();
    for (const r of records) {
      if (!subjects.has(r.subject)) subjects.set(r.subject, { subject: r.subject, namespace: r.namespace, ...(r.origin ? { origin: r.origin } : {}) });
      const k = key(r.subject, r.group);
      cells.set(k, [...(cells.get(k) ?? []), r]);
    }
    return {
      file,
      subjects: [...subjects.values()].sort((a, b) => byText(a.namespace, b.namespace) || byText(nameOf(a.subject), nameOf(b.subject)) || byText(a.subject, b.subject)),
      groups: [...new Set(records.map((r) => r.group))].sort(byText),
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
  return `${s.assertions} placement assertion(s) in ${s.files} test file(s): ${s.passed} passed, ${s.failed} failed.`;
}

const md = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMarkdown(report: PlacementReport): string {
  const out = [`## ${report.title}`, '', summaryLine(report), ''];
  for (const m of fileMatrices(report)) {
    out.push(`### \`${m.file || '(unknown test file)'}\``, '', `| workload | ${m.groups.map(md).join(' | ')} |`, `|---|${m.groups.map(() => '---').join('|')}|`);
    for (const s of m.subjects) {
      const cells = m.groups.map((g) => {
        const rs = m.cells.get(key(s.subject, g)) ?? [];
        return rs.map((r) => `${r.accepted ? '✅' : '❌'} ${md(r.verdict)}${isFailure(r) ? ' **(failed)**' : ''}`).join('<br>');
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
<b>Namespace</b> ${radio('ns', 'ns-all', 'all', true)}${namespaces.map((ns) => radio('ns', nsId(ns), ns)).join('')}
<br><b>Verdict</b> ${radio('verdict', 'v-all', 'all', true)}${radio('verdict', 'v-accepted', 'can run')}${radio('verdict', 'v-rejected', 'cannot run')}${radio('verdict', 'v-mixed', 'mixed')}${radio('verdict', 'v-failed', 'failed assertions')}
<main>${sections.join('\n')}
${failures.length ? `<h2 id="failures">Failures (${failures.length})</h2>${failureSections.join('\n')}` : ''}
</main></body></html>
`;
}

/** Writes the three files; appends the Markdown to $GITHUB_STEP_SUMMARY when set. Returns the paths written. */
export function writeReport(report: PlacementReport, options: ReportOptions = {}): string[] {
  const dir = path.resolve(options.outputDirectory ?? process.cwd());
  mkdirSync(dir, { recursive: true });
  const files = {
    'placement-report.md': renderMarkdown(report),
    'placement-report.html': renderHtml(report),
    'placement-report.json': `${JSON.stringify(report, null, 2)}\n`,
  };
  const written = Object.entries(files).map(([name, text]) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  });
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (summary && options.stepSummary !== false) appendFileSync(summary, `${files['placement-report.md']}\n`);
  return written;
}
