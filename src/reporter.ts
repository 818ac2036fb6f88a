// jest-k8s-placement/reporter — a Jest reporter that writes the placement report of the run:
//   reporters: ['default', ['jest-k8s-placement/reporter', { outputDirectory: 'reports' }]]
// Workers (any --maxWorkers) append records to files in a run directory this reporter creates before they
// start (report/record.ts); onRunComplete merges them. With --shard, each shard writes its own report;
// `npx jest-k8s-placement report shard-*/placement-report.json` merges them.
import { relativePath } from './report/names';
import { buildReport, RecordsChannel, withTestStatus, writeReport, type ReportOptions } from './report/report';

export type { ReportOptions } from './report/report';

interface AggregatedResult {
  testResults: Array<{ testFilePath: string; testResults: Array<{ fullName: string; status: string }> }>;
}

export default class PlacementReporter {
  private readonly channel = new RecordsChannel();

  constructor(_globalConfig?: unknown, private readonly options: ReportOptions = {}) {}

  onRunStart(): void {
    this.channel.clear();
  }

  onRunComplete(_contexts: unknown, results: AggregatedResult): void {
    const status = new Map<string, string>();
    for (const file of results?.testResults ?? []) {
      for (const t of file.testResults) status.set(`${relativePath(file.testFilePath)}\u0000${t.fullName}`, t.status);
    }
    const records = withTestStatus(this.channel.read(), (file, test) => status.get(`${file}\u0000${test}`));
    writeReport(buildReport(records, this.options.title), this.options);
  }

  getLastError(): void {
    return undefined;
  }
}
