// The oracle has one Go module per Kubernetes minor (oracle/k8s-<minor>), because the scheduler framework's API moves
// between minors, and one per Karpenter minor. Code that compiles unchanged against every release is written once, in
// oracle/shared/, and each k8s module links it (a symlink, which git stores as one); what differs by release is in
// the module's own files (PER_RELEASE). These checks keep it so: a copy instead of a link, a link that does not
// resolve, or a new per-release file fails here (oracle/README.md, "Layout").
import fs from 'node:fs';
import path from 'node:path';

const ORACLE = path.join(__dirname, '../oracle');
const SHARED = path.join(ORACLE, 'shared');
// The Go files a k8s module holds itself, with why; everything else is a link into ../shared/.
const PER_RELEASE: Record<string, string> = {
  'release.go': "the release's feature gates and the upstream signatures that moved (framework types, informer factory, recorder, SchedulePod, logger arguments)",
};

const modules = fs.readdirSync(ORACLE).filter((d) => /^(k8s|karpenter)-\d+\.\d+$/.test(d));
const k8sModules = modules.filter((m) => m.startsWith('k8s-'));
// bin/ is git-ignored (the built binary)
const entries = (m: string) => fs.readdirSync(path.join(ORACLE, m)).filter((f) => f !== 'bin');
const isLink = (m: string, f: string) => fs.lstatSync(path.join(ORACLE, m, f)).isSymbolicLink();
const sharedGo = fs.readdirSync(SHARED).filter((f) => f.endsWith('.go'));

describe('oracle modules', () => {
  it('has a module per minor to compare', () => {
    expect(k8sModules.length).toBeGreaterThanOrEqual(2);
  });

  it.each(sharedGo)('oracle/shared/%s is linked into every k8s module, not copied', (f) => {
    for (const m of k8sModules) expect(`${m}: ${fs.readlinkSync(path.join(ORACLE, m, f))}`).toBe(`${m}: ../shared/${f}`);
  });

  // a Karpenter module links oracle/shared/karpenter/, the code every Karpenter release compiles unchanged
  it.each(modules)('every link in oracle/%s resolves to a file of oracle/shared/ (karpenter/ for Karpenter) of the same name', (m) => {
    const dir = m.startsWith('karpenter-') ? '../shared/karpenter' : '../shared';
    for (const f of entries(m).filter((e) => isLink(m, e))) {
      expect(`${f} -> ${fs.readlinkSync(path.join(ORACLE, m, f))}`).toBe(`${f} -> ${dir}/${f}`);
      expect(`${f}: ${fs.existsSync(path.join(ORACLE, m, f))}`).toBe(`${f}: true`);
    }
  });

  it.each(k8sModules)('oracle/%s holds only go.mod, go.sum, its per-release files and links', (m) => {
    const own = entries(m).filter((f) => !isLink(m, f));
    expect(own.filter((f) => !['go.mod', 'go.sum', ...Object.keys(PER_RELEASE)].includes(f))).toEqual([]);
  });

  it('no module holds a byte-identical copy of another module\'s file or of a shared file', () => {
    const seen = new Map<string, string>();
    for (const f of sharedGo) seen.set(fs.readFileSync(path.join(SHARED, f), 'utf8'), `shared/${f}`);
    const copies: string[] = [];
    for (const m of modules) {
      for (const f of entries(m).filter((e) => !isLink(m, e) && e.endsWith('.go'))) {
        const text = fs.readFileSync(path.join(ORACLE, m, f), 'utf8');
        const first = seen.get(text);
        if (first) copies.push(`${m}/${f} = ${first}`);
        else seen.set(text, `${m}/${f}`);
      }
    }
    expect(copies).toEqual([]);
  });
});
