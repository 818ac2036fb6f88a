// One oracle process per release, asked one JSON line at a time (oracle/k8s-*/main.go).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface OracleAnswer { id: string; output?: any; error?: string }

export class OracleClient {
  private child: ChildProcessWithoutNullStreams;
  private waiting = new Map<string, (a: OracleAnswer) => void>();
  private next = 0;
  private stderr = '';
  /** Set when the oracle process has exited: later questions are answered with this error at once. */
  private exited?: string;

  constructor(readonly binary: string, args: string[] = [], env: Record<string, string> = {}) {
    this.child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    this.child.stderr.on('data', (b) => (this.stderr += b));
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const a = JSON.parse(line) as OracleAnswer;
      const done = this.waiting.get(a.id);
      this.waiting.delete(a.id);
      done?.(a);
    });
    this.child.on('exit', (code) => {
      this.exited = `oracle ${binary} exited (${code}): ${this.stderr.trim()}`;
      for (const done of this.waiting.values()) done({ id: '', error: this.exited });
      this.waiting.clear();
    });
  }

  ask(domain: string, input?: unknown): Promise<OracleAnswer> {
    const id = String(this.next++);
    // (a question to a dead process would wait forever, and node would exit without a word: a silent pass)
    if (this.exited !== undefined) return Promise.resolve({ id, error: this.exited });
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(JSON.stringify({ id, domain, input }) + '\n');
    });
  }

  close(): void {
    this.child.stdin.end();
  }
}
