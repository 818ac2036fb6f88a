// Remote bases and files (issue 32 point 10): renderKustomization refuses them before kustomize runs, naming the
// kustomization file, line and entry, unless { allowRemote: true }. kustomize clones git URLs with the `git` on PATH
// (api/internal/git/gitrunner.go), so a `git` that records its runs shows whether a clone was attempted; the http
// URLs point at a closed local port. The forms are kustomize's (api/internal/git/repospec_test.go).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManifestError } from '../loader';
import { renderKustomization } from '.';
import { isRemote } from './remote';
import { eachBinary, kubectl, kustomizes, thrown, type Binary } from '../../test/render/binaries';

const binaries: Array<Binary & { option: object }> = [
  ...kustomizes.map((b) => ({ ...b, option: { kustomize: b.path } })),
  ...kubectl.map((b) => ({ ...b, option: { kubectl: b.path } })),
];

/** A tree: files relative to a temp root. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'jkp-remote-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const WEB = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\n';

test('the URL forms kustomize fetches, and local paths it does not', () => {
  for (const url of ['https://example.com/base.yaml', 'http://10.0.0.1/x', 'git::https://github.com/org/repo//base', 'GIT::https://x/y.git',
    'github.com/kubernetes-sigs/kustomize//examples/multibases?ref=v1.0.6', 'github.com:org/repo', 'git@github.com:org/repo.git//base',
    'ssh://git@gitlab.example/org/repo.git', 'file:///srv/repos/base.git']) {
    expect([url, isRemote(url)]).toEqual([url, true]);
  }
  for (const local of ['base', '../base', './github.com/x', 'gitlab.com/org/repo', 'overlays/prod/web.yaml', '/abs/base']) {
    expect([local, isRemote(local)]).toEqual([local, false]);
  }
});

eachBinary(binaries, 'kustomize', ({ option }) => {
  const saved = { PATH: process.env.PATH, KUSTOMIZE: process.env.KUSTOMIZE };
  const gitDir = mkdtempSync(path.join(tmpdir(), 'jkp-git-'));
  const cloned = () => existsSync(path.join(gitDir, 'ran'));
  beforeAll(() => {
    writeFileSync(path.join(gitDir, 'git'), `#!/bin/sh\ntouch "${gitDir}/ran"\nexit 1\n`);
    chmodSync(path.join(gitDir, 'git'), 0o755);
    process.env.PATH = `${gitDir}${path.delimiter}${process.env.PATH}`;
    delete process.env.KUSTOMIZE; // the kubectl rows must not find a kustomize
  });
  afterAll(() => Object.assign(process.env, saved));

  test('a remote base in an overlay, and one in a base it reaches, are refused where they are written; nothing is fetched', () => {
    const root = tree({
      'base/kustomization.yaml': 'resources:\n  - web.yaml\n  - https://127.0.0.1:9/remote.yaml\n',
      'base/web.yaml': WEB,
      'overlays/prod/kustomization.yaml': 'resources:\n  - ../../base\n  - github.com/example/shop//base?ref=v1\nconfigMapGenerator:\n  - name: c\n    files:\n      - conf=git::https://example.com/repo//c.conf\n',
    });
    const e = thrown(() => renderKustomization(path.join(root, 'overlays/prod'), { ...option, cwd: root })) as ManifestError;
    expect(e).toBeInstanceOf(ManifestError);
    // in kustomize's order: the base (resources[0]) is read before the overlay's next entry
    expect(e.problems).toEqual([
      { file: 'base/kustomization.yaml', line: 3, message: 'resources[1] "https://127.0.0.1:9/remote.yaml" is remote: renderKustomization does not let kustomize fetch remote bases or files unless { allowRemote: true }' },
      { file: 'overlays/prod/kustomization.yaml', line: 3, message: 'resources[1] "github.com/example/shop//base?ref=v1" is remote: renderKustomization does not let kustomize fetch remote bases or files unless { allowRemote: true }' },
      { file: 'overlays/prod/kustomization.yaml', line: 7, message: 'configMapGenerator[0].files[0] "conf=git::https://example.com/repo//c.conf" is remote: renderKustomization does not let kustomize fetch remote bases or files unless { allowRemote: true }' },
    ]);
    expect(cloned()).toBe(false);
  });

  test('{ allowRemote: true } lets kustomize fetch them', () => {
    const root = tree({ 'app/kustomization.yaml': 'resources:\n  - github.com/example/shop//base?ref=v1\n' });
    const e = thrown(() => renderKustomization(path.join(root, 'app'), { ...option, allowRemote: true })) as ManifestError;
    expect(e).toBeInstanceOf(ManifestError); // kustomize's own error: our git failed the clone
    expect(e.message).not.toContain('allowRemote');
    expect(cloned()).toBe(true);
  });

  test('local bases, also outside the tree and through a cycle-free chain, still build', () => {
    const root = tree({
      'base/kustomization.yaml': 'resources:\n  - web.yaml\n',
      'base/web.yaml': WEB,
      'overlays/prod/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: prod-\n',
    });
    expect(renderKustomization(path.join(root, 'overlays/prod'), option).all().map((o) => o.metadata?.name)).toEqual(['prod-web']);
  });
});
