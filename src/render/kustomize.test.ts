// renderKustomization against the real kustomize (built by npm run tools) and `kubectl kustomize`, on a base and an
// overlay written for these tests (test/render/kustomize). Origins come from kustomize's buildMetadata
// originAnnotations (api/types/kustomization.go OriginAnnotations; api/resource/origin.go writes
// config.kubernetes.io/origin with path, or configuredIn/configuredBy for generated objects).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load as loadYaml, loadAll } from 'js-yaml';
import { ManifestError, origin } from '../loader';
import { RenderError, renderKustomization } from '.';
import { eachBinary, fixtureCopy, kubectl, kustomizes, thrown, type Binary } from '../../test/render/binaries';

const ROOT = path.join(__dirname, '../../test/render/kustomize');
const rel = path.relative(process.cwd(), ROOT);

const copy = () => fixtureCopy(ROOT, 'k');


/** Every file below a directory with its bytes: the user's files must be the same after a render. */
const snapshot = (dir: string) =>
  (readdirSync(dir, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; name: string; parentPath: string }>)
    .filter((e) => e.isFile()).map((e) => [path.join(e.parentPath, e.name), readFileSync(path.join(e.parentPath, e.name), 'utf8')]).sort();

const binaries: Array<Binary & { option: object; build: string[] }> = [
  ...kustomizes.map((b) => ({ ...b, option: { kustomize: b.path }, build: [b.path, 'build'] })),
  ...kubectl.map((b) => ({ ...b, option: { kubectl: b.path }, build: [b.path, 'kustomize'] })),
];

eachBinary(binaries, 'kustomize', ({ option, build }) => {
  const saved = process.env.KUSTOMIZE;
  beforeAll(() => delete process.env.KUSTOMIZE); // the kubectl rows must not find a kustomize
  afterAll(() => (saved === undefined ? undefined : (process.env.KUSTOMIZE = saved)));

  test('objects point at the base or overlay file that declared them, and name the overlay', () => {
    const prod = renderKustomization(`${rel}/overlays/prod`, option);
    const web = prod.get('deployment/prod-web');
    expect(origin(web)).toEqual({ file: `${rel}/base/web.yaml`, document: 0, line: 2, overlay: `${rel}/overlays/prod` });
    expect(String(web)).toBe(`Deployment shop/prod-web (${rel}/base/web.yaml:2, overlay: ${rel}/overlays/prod)`);
    expect(origin(prod.get('poddisruptionbudget/prod-web'))).toMatchObject({ file: `${rel}/overlays/prod/budget.yaml`, line: 1 });
    expect(origin(prod.get('service/prod-web'))).toMatchObject({ file: `${rel}/base/service.yaml`, line: 1 });
    // a generated ConfigMap points at the kustomization that generates it
    const config = prod.all().find((o) => o.kind === 'ConfigMap')!;
    expect(origin(config)).toMatchObject({ file: `${rel}/base/kustomization.yaml`, line: 0 });
    expect(web.spec?.replicas).toBe(4);
    expect(prod.dir).toBe(`${rel}/overlays/prod`);
  });

  test('the origin annotation is removed; the objects are what a plain build gives', () => {
    const prod = renderKustomization(`${rel}/overlays/prod`, option);
    const plain = loadAll(spawnSync(build[0], [...build.slice(1), `${rel}/overlays/prod`], { encoding: 'utf8' }).stdout);
    expect(JSON.parse(JSON.stringify(prod.all()))).toEqual(plain);
    const web = prod.get('deployment/prod-web').metadata as { annotations?: Record<string, string> };
    expect(web.annotations).toEqual({ team: 'storefront' });
    expect('annotations' in (prod.get('service/prod-web').metadata ?? {})).toBe(false);
  });

  test("the user's files are not touched", () => {
    const dir = copy();
    const before = snapshot(dir);
    renderKustomization(path.join(dir, 'overlays/prod'), option);
    expect(snapshot(dir)).toEqual(before);
  });

  describe('errors name the overlay or base file, and the line kustomize gives', () => {
    test('malformed YAML in a base resource', () => {
      const dir = copy();
      writeFileSync(path.join(dir, 'base/service.yaml'), 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n   bad: x\n');
      const e = thrown(() => renderKustomization(path.join(dir, 'overlays/prod'), option)) as ManifestError;
      expect(e).toBeInstanceOf(ManifestError);
      expect(e.problems[0]).toMatchObject({ file: path.relative(process.cwd(), path.join(dir, 'base/service.yaml')), line: 5 });
      expect(e.message).toContain('mapping values are not allowed in this context');
    });

    test('a resource that does not exist, at its line in the kustomization', () => {
      const dir = copy();
      const k = path.join(dir, 'overlays/prod/kustomization.yaml');
      writeFileSync(k, readFileSync(k, 'utf8').replace('budget.yaml', 'budgets.yaml'));
      const e = thrown(() => renderKustomization(path.join(dir, 'overlays/prod'), option)) as ManifestError;
      expect(e.problems[0]).toMatchObject({ file: path.relative(process.cwd(), k), line: 5 });
      expect(e.message).toContain('budgets.yaml');
      expect(e.message).toContain('no such file or directory');
    });

    test('a kustomization that is not valid YAML', () => {
      const dir = copy();
      const k = path.join(dir, 'base/kustomization.yaml');
      writeFileSync(k, `${readFileSync(k, 'utf8')}namePrefix: [\n`);
      const e = thrown(() => renderKustomization(path.join(dir, 'overlays/prod'), option)) as ManifestError;
      expect(e.problems[0]).toMatchObject({ file: path.relative(process.cwd(), k) });
      expect(e.problems[0].line).toBeGreaterThan(0);
    });

    test('a directory without a kustomization', () => {
      expect(() => renderKustomization(`${rel}/overlays`, option)).toThrow(`${rel}/overlays: no kustomization.yaml`);
    });
  });
});

test('neither kustomize nor kubectl: says what to install or where to point KUSTOMIZE', () => {
  const saved = { PATH: process.env.PATH, KUSTOMIZE: process.env.KUSTOMIZE, KUBECTL: process.env.KUBECTL };
  try {
    process.env.PATH = '/nonexistent';
    delete process.env.KUSTOMIZE;
    delete process.env.KUBECTL;
    const e = thrown(() => renderKustomization(`${rel}/overlays/prod`));
    expect(e).toBeInstanceOf(RenderError);
    expect(e.message).toBe('renderKustomization: neither kustomize nor kubectl is on PATH. Install kustomize (https://kubectl.docs.kubernetes.io/installation/kustomize/) or kubectl, or point KUSTOMIZE (or the option { kustomize }) at the binary.');
  } finally {
    Object.assign(process.env, saved);
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
  }
});

test('the wrapper asks for origin annotations without the user declaring buildMetadata', () => {
  const k = loadYaml(readFileSync(path.join(ROOT, 'overlays/prod/kustomization.yaml'), 'utf8')) as Record<string, unknown>;
  expect(k.buildMetadata).toBeUndefined();
});
