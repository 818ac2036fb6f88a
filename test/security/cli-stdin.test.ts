// Issue 32 point 9: the CLI reads at most 256 MiB from stdin ("-"; JEST_K8S_PLACEMENT_STDIN_LIMIT sets another limit
// in bytes); more is a usage error (exit 1, one line), not a Node stack trace. 600 MB used to escape as
// "Cannot create a string longer than …" with a stack.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runChild } from './support';

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'jkp-stdin-'));
  writeFileSync(path.join(work, 'nodes.yaml'), 'apiVersion: v1\nkind: Node\nmetadata: {name: a}\nstatus: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}\n');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const POD = 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\n';
const cli = (input: string, limit?: number) =>
  runChild(`src('cli.ts').main(['node', 'jest-k8s-placement', 'explain', '-', '--nodes', 'nodes.yaml']);`, {
    cwd: work, input, env: limit === undefined ? {} : { JEST_K8S_PLACEMENT_STDIN_LIMIT: String(limit) },
  });

test('more than the limit on stdin is a usage error: exit 1, one line, no stack', () => {
  const input = `${POD}${'#'.repeat(2048)}\n`;
  const r = cli(input, 1024);
  expect({ status: r.status, stderr: r.stderr, stdout: r.stdout }).toEqual({
    status: 1,
    stderr: 'error: more than 1024 bytes on stdin ("-"): give the manifests as files, or set JEST_K8S_PLACEMENT_STDIN_LIMIT (bytes)\n',
    stdout: '',
  });
}, 30_000);

test('within the limit, stdin is read whole, in chunks (the default limit is 256 MiB)', () => {
  const pad = `# ${'x'.repeat(1 << 16)}\n`.repeat(40); // 2.6 MB: several reads
  const r = cli(`${pad}${POD}`);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('Pod default/p');
}, 30_000);
