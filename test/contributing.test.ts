// CONTRIBUTING.md's recipes, followed (issue 33): every file and folder a recipe names exists and holds the names it
// says it holds, and every release of the release table (src/core/releases.ts) has each step of "Adding a Kubernetes
// release" done — so a recipe cannot drift from the code, and a release row without its oracle module or docs fails.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'glob';
import { KUBERNETES_VERSIONS, RELEASES } from '../src/core/releases';
import { DEFAULT_PROFILE } from '../src/scheduler/profile';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const contributing = read('CONTRIBUTING.md');
const section = (title: string) => {
  const start = contributing.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`CONTRIBUTING.md has no "## ${title}"`);
  const end = contributing.indexOf('\n## ', start + 1);
  return contributing.slice(start, end < 0 ? undefined : end);
};
/** The repository paths a recipe names in backticks (`src/…`, `oracle/…`), placeholders (`<name>`) left out. */
const pathsIn = (text: string) => [...text.matchAll(/`((?:src|test|oracle|scripts|docs)\/[^`\s]*)`/g)].map((m) => m[1]).filter((p) => !p.includes('<'));
/** "`NAME` in `path`" and "`NAME` … in `path`" pairs: the identifiers a recipe says a file holds. */
const namesIn = (text: string) => [...text.matchAll(/`([A-Z][A-Z_]+)`(?:,? (?:or )?`[A-Z_]+`)*(?: in|[^`]{0,40} in) `((?:src)\/[^`]+)`/g)].map((m) => ({ name: m[1], file: m[2] }));

describe.each(['Adding a scheduler plugin', 'Adding a Kubernetes release', 'The oracle'])('CONTRIBUTING.md "%s"', (title) => {
  const text = section(title);

  test('every path it names exists', () => {
    const paths = pathsIn(text);
    expect(paths.length).toBeGreaterThan(title === 'The oracle' ? 0 : 3);
    const exists = (p: string) => (p.includes('*') ? globSync(p, { cwd: root }).length > 0 : existsSync(path.join(root, p.replace(/\/$/, ''))));
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });

  test('every table or list it names is in the file it names', () => {
    for (const { name, file } of namesIn(text)) expect(`${file}: ${read(file).includes(name) ? name : 'missing ' + name}`).toBe(`${file}: ${name}`);
  });
});

test('the plugin recipe is one folder and one profile line, and the toy plugin test follows it (issue 33)', () => {
  const text = section('Adding a scheduler plugin');
  expect(namesIn(text)).toEqual(expect.arrayContaining([{ name: 'DEFAULT_PROFILE', file: 'src/scheduler/profile.ts' }]));
  // the extension points and the plugin's parts it names are the table's keys and FilterPlugin's members
  for (const key of ['preEnqueue', 'filter', 'clusterFilter', 'lastFilter', 'matrixCodes', 'score']) {
    expect(text).toContain(`\`${key}\``);
    expect(Object.keys(DEFAULT_PROFILE)).toContain(key);
  }
  const framework = read('src/scheduler/framework.ts');
  for (const member of ['explainPass', 'fixHint', 'readsPods', 'skips', 'normalizeScore']) {
    expect(text).toContain(`\`${member}\``);
    expect(framework).toMatch(new RegExp(`^  ${member}\\?[(:]`, 'm'));
  }
  // the places a plugin once had to be added to by hand are gone
  for (const gone of ['FILTER_PLUGINS', 'PER_NODE', 'src/outage/volumes.ts', 'scoreWeights']) expect(text).not.toContain(gone);
  const toy = read('src/scheduler/toy-plugin.test.ts');
  expect(toy).toContain("withProfile({ filter: [...DEFAULT_PROFILE.filter, ToyBan] }");
  // a Score plugin's parts are ScorePlugin's members, and the toy Score plugin is one line too
  for (const member of ['preScore', 'score', 'explain']) {
    expect(text).toContain(`\`${member}\``);
    expect(framework).toMatch(new RegExp(`^  ${member}\\(`, 'm'));
  }
  expect(read('src/scheduler/toy-score-plugin.test.ts')).toContain('withProfile({ score: [...DEFAULT_PROFILE.score, { plugin: ToyPrefer, weight: 5 }] }');
});

describe.each(KUBERNETES_VERSIONS.map((v) => [v, RELEASES[v].patch] as const))('release %s, as "Adding a Kubernetes release" says', (minor, patch) => {
  test('2. its oracle module pins k8s.io/kubernetes at the modelled patch, with its row in oracle/README.md', () => {
    const mod = `oracle/k8s-${minor}/go.mod`;
    expect(existsSync(path.join(root, mod))).toBe(true);
    expect(read(mod)).toMatch(new RegExp(`^\\s*k8s\\.io/kubernetes ${patch.replace(/\./g, '\\.')}$`, 'm'));
    expect(read('oracle/README.md')).toContain(`| ${minor} | \`oracle/k8s-${minor}\` | \`k8s.io/kubernetes ${patch}\``);
  });

  test('4. the releases guide names it and its patch', () => {
    const guide = read('docs/guides/releases.md');
    expect(guide).toContain(patch);
    expect(guide.split('\n', 5).join('\n') + guide).toMatch(new RegExp(`\\b${minor.replace('.', '\\.')}\\b`));
  });
});
