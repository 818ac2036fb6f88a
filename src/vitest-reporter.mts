// jest-k8s-placement/vitest-reporter — the same report for Vitest:
//   test: { reporters: ['default', ['jest-k8s-placement/vitest-reporter', { outputDirectory: 'reports' }]] }
// Worker threads and forks inherit the run directory this reporter names in the environment when Vitest creates it.
// With --shard=i/n, each shard writes placement-report.shard-i-of-n.*.
import { relativePath } from './explain/names.js';
import { RecordsChannel, withTestStatus, writeRunReport, type ReportOptions, type Shard } from './report/report.js';

export type { ReportOptions } from './report/report.js';

interface TestModuleLike {
  moduleId: string;
  children: { allTests(): Iterable<{ fullName: string; result(): { state: string } }> };
}

/** The part of the Vitest instance we read: `--shard` (`{ index, count }`, 1-based). */
interface VitestLike {
  config?: { shard?: Shard };
}

export default class PlacementReporter {
  private readonly channel = new RecordsChannel();
  private shard: Shard | undefined;

  constructor(private readonly options: ReportOptions = {}) {}

  onInit(vitest: VitestLike): void {
    this.shard = vitest?.config?.shard;
  }

  onTestRunStart(): void {
    this.channel.clear();
  }

  onTestRunEnd(testModules: readonly TestModuleLike[]): void {
    const status = new Map<string, string>();
    for (const m of testModules ?? []) {
      for (const t of m.children.allTests()) status.set(`${relativePath(m.moduleId)}\u0000${t.fullName}`, t.result().state);
    }
    const records = withTestStatus(this.channel.read(), (file, test) => status.get(`${file}\u0000${test}`));
    const note = writeRunReport(records, this.options, this.shard);
    if (note) process.stderr.write(`${note}\n`);
  }
}
