// jest-k8s-placement/vitest-reporter — the same report for Vitest:
//   test: { reporters: ['default', ['jest-k8s-placement/vitest-reporter', { outputDirectory: 'reports' }]] }
// Worker threads and forks inherit the run directory this reporter names in the environment when Vitest creates it.
import { relativePath } from './report/names.js';
import { buildReport, RecordsChannel, withTestStatus, writeReport, type ReportOptions } from './report/report.js';

export type { ReportOptions } from './report/report.js';

interface TestModuleLike {
  moduleId: string;
  children: { allTests(): Iterable<{ fullName: string; result(): { state: string } }> };
}

export default class PlacementReporter {
  private readonly channel = new RecordsChannel();

  constructor(private readonly options: ReportOptions = {}) {}

  onTestRunStart(): void {
    this.channel.clear();
  }

  onTestRunEnd(testModules: readonly TestModuleLike[]): void {
    const status = new Map<string, string>();
    for (const m of testModules ?? []) {
      for (const t of m.children.allTests()) status.set(`${relativePath(m.moduleId)}\u0000${t.fullName}`, t.result().state);
    }
    const records = withTestStatus(this.channel.read(), (file, test) => status.get(`${file}\u0000${test}`));
    writeReport(buildReport(records, this.options.title), this.options);
  }
}
