// jest-k8s-placement/reporter — a Jest reporter that writes the placement report of the run:
//   reporters: ['default', ['jest-k8s-placement/reporter', { outputDirectory: 'reports' }]]
// Workers (any --maxWorkers) append records to files in a run directory this reporter creates before they
// start (report/record.ts); onRunComplete merges them. With --shard=i/n, each shard writes
// placement-report.shard-i-of-n.*; `npx jest-k8s-placement report <dirs or files>` merges them.
import { relativePath } from './explain/names';
import { RecordsChannel, withTestStatus, writeRunReport, type ReportOptions, type Shard } from './report/report';

export type { ReportOptions } from './report/report';

interface AggregatedResult {
  testResults: Array<{ testFilePath: string; testResults: Array<{ fullName: string; status: string }> }>;
}

/** The part of Jest's global config we read: `--shard` (Jest ≥ 28), 1-based. */
interface GlobalConfig {
  shard?: { shardIndex: number; shardCount: number } | null;
}

export default class PlacementReporter {
  private readonly channel = new RecordsChannel();
  private readonly shard: Shard | undefined;

  constructor(globalConfig?: GlobalConfig, private readonly options: ReportOptions = {}) {
    const s = globalConfig?.shard;
    this.shard = s ? { index: s.shardIndex, count: s.shardCount } : undefined;
  }

  onRunStart(): void {
    this.channel.clear();
  }

  onRunComplete(_contexts: unknown, results: AggregatedResult): void {
    const status = new Map<string, string>();
    for (const file of results?.testResults ?? []) {
      for (const t of file.testResults) status.set(`${relativePath(file.testFilePath)}\u0000${t.fullName}`, t.status);
    }
    const records = withTestStatus(this.channel.read(), (file, test) => status.get(`${file}\u0000${test}`));
    const note = writeRunReport(records, this.options, this.shard);
    if (note) process.stderr.write(`${note}\n`);
  }

  getLastError(): void {
    return undefined;
  }
}
