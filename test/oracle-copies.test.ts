// The oracle has one Go module per Kubernetes minor (oracle/k8s-<minor>), because the scheduler framework's API moves
// between minors. Files whose code does not depend on the minor are copies in each module; they must stay the same
// copy, apart from the release tag a comment cites (`k8s.io/kubernetes@v1.35.4`). A file that has to differ goes in
// DIFFERS, with why. Newer shared files are not copied: they live once in oracle/shared/ and each module links them.
import fs from 'node:fs';
import path from 'node:path';

const ORACLE = path.join(__dirname, '../oracle');
const DIFFERS: Record<string, string> = {
  'main.go': 'each minor sets the feature gates its release has',
  'scheduling.go': 'the framework API (informer factory, recorder, SchedulePod) moves between minors',
  'version.go': 'the release the binary reports',
  'admit.go': 'DefaultTolerationSeconds has InspectFeatureGates from 1.34 (not at 1.33)',
  'eviction.go': 'the copied processPodOnNode calls GetMatchingTolerations with a logger from 1.35 (without one at 1.33 and 1.34)',
  'helpers.go': 'ToleratesTaint takes the logger and the comparison-operators switch from 1.35 (only the taint at 1.33 and 1.34)',
};

const modules = fs.readdirSync(ORACLE).filter((d) => /^k8s-\d+\.\d+$/.test(d));
const goFiles = (m: string) => fs.readdirSync(path.join(ORACLE, m)).filter((f) => f.endsWith('.go'));
const normalised = (m: string, f: string) => fs.readFileSync(path.join(ORACLE, m, f), 'utf8').replace(/k8s\.io\/kubernetes@v\d+\.\d+\.\d+/g, 'k8s.io/kubernetes@<tag>');

const SHARED = path.join(ORACLE, 'shared');

describe('oracle modules', () => {
  it.each(fs.readdirSync(SHARED).filter((f) => f.endsWith('.go')))('oracle/shared/%s is linked into every module, not copied', (f) => {
    for (const m of modules) expect(fs.readlinkSync(path.join(ORACLE, m, f))).toBe(`../shared/${f}`);
  });

  it('has a module per minor to compare', () => {
    expect(modules.length).toBeGreaterThanOrEqual(2);
  });

  const shared = [...new Set(modules.flatMap(goFiles))].filter((f) => !(f in DIFFERS));
  it.each(shared)('%s is the same copy in every module', (f) => {
    const copies = modules.map((m) => (fs.existsSync(path.join(ORACLE, m, f)) ? normalised(m, f) : `(missing in ${m})`));
    for (const c of copies.slice(1)) expect(c).toBe(copies[0]);
  });
});
