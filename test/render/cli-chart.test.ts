// The CLI's --chart options (issue 32 point 3, issue 31 finding 6), in process, with the real helm (npm run tools).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { program } from '../../src/cli';
import { eachBinary, helms } from './binaries';

function run(...args: string[]): { out: string; error?: Error } {
  let out = '';
  const cli = program((s) => (out += s), () => undefined);
  cli.exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: () => undefined });
  try {
    cli.parse(['node', 'jest-k8s-placement', ...args]);
  } catch (error) {
    return { out, error: error as Error };
  }
  return { out };
}

const temp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));
const nodes = ['--nodes', 'examples/platform/nodes/cluster-nodes.yaml'];

// A cert-manager-like chart: refuses Kubernetes before 1.22, and names its Deployment after the minor it renders for.
const chart = path.join(temp('jkp-cli-chart-'), 'capable');
mkdirSync(path.join(chart, 'templates'), { recursive: true });
writeFileSync(path.join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: capable\nversion: 0.1.0\nkubeVersion: ">= 1.22.0-0"\n');
writeFileSync(path.join(chart, 'templates/web.yaml'), `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-{{ .Capabilities.KubeVersion.Minor }}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: web, resources: {requests: {cpu: 100m}}}]
`);

eachBinary(helms, 'helm', ({ path: helm }) => {
  const saved = { HELM: process.env.HELM, JEST_K8S_PLACEMENT_CACHE: process.env.JEST_K8S_PLACEMENT_CACHE };
  beforeEach(() => Object.assign(process.env, { HELM: helm, JEST_K8S_PLACEMENT_CACHE: temp('jkp-cli-cache-') }));
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  });

  test('--release=--post-renderer=… is a usage error naming --release, and never runs the script', () => {
    const dir = temp('jkp-evil-');
    const evil = path.join(dir, 'evil.sh');
    writeFileSync(evil, `#!/bin/sh\ntouch "${dir}/ran"\ncat\n`);
    chmodSync(evil, 0o755);
    for (const release of [[`--release=--post-renderer=${evil}`], ['--release', `--post-renderer=${evil}`]]) {
      const { error } = run('explain', '--chart', chart, ...release, ...nodes);
      expect(error?.message).toBe(`error: --release "--post-renderer=${evil}": invalid release name, must match regex ^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$ and the length must not be longer than 53 (helm's rule for release names)`);
      expect((error as { exitCode?: number }).exitCode).toBe(1);
    }
    expect(existsSync(path.join(dir, 'ran'))).toBe(false);
  });

  test('--chart renders for the --kubernetes-version release (its modelled patch), or for --kube-version', () => {
    const at = (...args: string[]) => {
      const { out, error } = run('explain', '--chart', chart, ...args, ...nodes);
      expect(error).toBeUndefined();
      return /Deployment default\/(web-\d+)/.exec(out)?.[1];
    };
    expect(at()).toBe('web-37');
    expect(at('--kubernetes-version', '1.34')).toBe('web-34');
    expect(at('--kube-version', 'v1.31.0')).toBe('web-31');
    expect(run('explain', '--kube-version', 'v1.31.0', 'x.yaml', ...nodes).error?.message).toBe('error: --kube-version goes with --chart');
  });
});
