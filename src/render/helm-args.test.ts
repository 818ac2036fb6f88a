// What reaches helm, and what the render cache keys (issue 32 points 3 and 5, issue 31 finding 6), against the real
// helm v3 and v4 (npm run tools). Charts here are written per test in a temp directory.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RenderError, renderChart, renderCharts } from '.';
import { withConfiguration } from '../core/config';
import { NEWEST_RELEASE, RELEASES } from '../core/releases';
import { flagInputs } from './helm-args';
import { eachBinary, helms, thrown } from '../../test/render/binaries';

const temp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

/** A chart in a temp directory: Chart.yaml and the given files (paths relative to the chart). */
function chart(files: Record<string, string>, chartYaml = 'apiVersion: v2\nname: tiny\nversion: 0.1.0\n'): string {
  const dir = path.join(temp('jkp-chart-'), 'tiny');
  for (const [file, text] of Object.entries({ 'Chart.yaml': chartYaml, ...files })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** A ConfigMap template whose data.v is the given template expression. */
const configMap = (name: string, expr: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  v: {{ ${expr} | quote }}\n`;
const value = (rendered: ReturnType<typeof renderChart>, name: string) => (rendered.get(`configmap/${name}`) as { data: { v: string } }).data.v;

/** An executable that records that it ran, in `<dir>/ran`. */
function evilScript(): { script: string; ran: () => boolean } {
  const dir = temp('jkp-evil-');
  const script = path.join(dir, 'evil.sh');
  writeFileSync(script, `#!/bin/sh\ntouch "${dir}/ran"\ncat\n`);
  chmodSync(script, 0o755);
  return { script, ran: () => existsSync(path.join(dir, 'ran')) };
}

/** A helm that counts its `template` and `version` runs, then runs the real one. */
function countingHelm(helm: string): { helm: string; count: (what: 'template' | 'version') => number } {
  const dir = temp('jkp-helm-');
  const wrapper = path.join(dir, 'helm');
  writeFileSync(wrapper, `#!/bin/sh\necho "$1" >> "${dir}/runs"\nexec "${helm}" "$@"\n`);
  chmodSync(wrapper, 0o755);
  const count = (what: string) => (existsSync(path.join(dir, 'runs')) ? readFileSync(path.join(dir, 'runs'), 'utf8').split('\n').filter((l) => l === what).length : 0);
  return { helm: wrapper, count };
}

eachBinary(helms, 'helm', ({ path: helm }) => {
  describe('arguments: nothing the user gives is read as a flag', () => {
    test('a release name that is a flag is refused before helm runs, with helm\'s own rule', () => {
      const evil = evilScript();
      const dir = chart({ 'templates/c.yaml': configMap('c', '.Release.Name') });
      for (const cache of [false as const, temp('jkp-cache-')]) {
        const e = thrown(() => renderChart(dir, { helm, cache, release: `--post-renderer=${evil.script}` }));
        expect(e).toBeInstanceOf(RenderError);
        expect(e.message).toBe(`renderChart(${JSON.stringify(dir)}): option release "--post-renderer=${evil.script}": invalid release name, must match regex ^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$ and the length must not be longer than 53 (helm's rule for release names)`);
      }
      expect(evil.ran()).toBe(false);
      // the same rule as helm's: 53 characters pass, 54 do not (helm says the same when given the name itself)
      expect(value(renderChart(dir, { helm, cache: false, release: 'a'.repeat(53) }), 'c')).toBe('a'.repeat(53));
      expect(() => renderChart(dir, { helm, cache: false, release: 'a'.repeat(54) })).toThrow('the length must not be longer than 53');
      expect(() => renderChart(dir, { helm, cache: false, release: 'Prod' })).toThrow('invalid release name');
    });

    test('namespace, set, setString, showOnly, kubeVersion and apiVersions starting with "-" reach helm as values', () => {
      const evil = evilScript();
      const dir = chart({
        'templates/ns.yaml': configMap('ns', '.Release.Namespace'),
        'templates/set.yaml': configMap('set', '.Values.a'),
        'templates/api.yaml': `{{- if .Capabilities.APIVersions.Has "--post-renderer=${evil.script}" }}\n${configMap('api', '"has"')}{{- end }}\n`,
      });
      const flagLike = `--post-renderer=${evil.script}`;
      const rendered = renderChart(dir, { helm, cache: false, namespace: flagLike, set: [`a=${flagLike}`], apiVersions: [flagLike] });
      expect(value(rendered, 'ns')).toBe(flagLike);
      expect(value(rendered, 'set')).toBe(flagLike);
      expect(value(rendered, 'api')).toBe('has');
      expect(() => renderChart(dir, { helm, cache: false, showOnly: flagLike })).toThrow(`could not find template ${flagLike} in chart`);
      expect(() => renderChart(dir, { helm, cache: false, kubeVersion: flagLike })).toThrow('helm template');
      expect(evil.ran()).toBe(false);
    });

    test('a values file named like a flag is read as a file', () => {
      const dir = chart({ 'templates/c.yaml': configMap('c', '.Values.a') });
      const cwd = temp('jkp-values-');
      writeFileSync(path.join(cwd, '--set=a=injected'), 'a: from-file\n');
      expect(value(renderChart(dir, { helm, cache: false, cwd, values: '--set=a=injected' }), 'c')).toBe('from-file');
    });
  });

  describe('the cache key covers what helm reads', () => {
    /** Render twice around a change; the second render must see it. */
    function rerenders(dir: string, change: () => void, options: Parameters<typeof renderChart>[1] = {}, name = 'c'): void {
      const cache = temp('jkp-cache-');
      const before = value(renderChart(dir, { helm, cache, ...options }), name);
      change();
      expect(value(renderChart(dir, { helm, cache, ...options }), name)).not.toBe(before);
    }

    test('a template reached through a symlink', () => {
      const outside = path.join(temp('jkp-outside-'), 'c.yaml');
      writeFileSync(outside, configMap('c', '"one"'));
      const dir = chart({});
      mkdirSync(path.join(dir, 'templates'));
      symlinkSync(outside, path.join(dir, 'templates/c.yaml'));
      rerenders(dir, () => writeFileSync(outside, configMap('c', '"two"')));
    });

    test('a subchart directory that is a symlink', () => {
      const sub = chart({ 'templates/c.yaml': configMap('c', '"one"') }, 'apiVersion: v2\nname: sub\nversion: 0.1.0\n');
      const dir = chart({});
      mkdirSync(path.join(dir, 'charts'));
      symlinkSync(sub, path.join(dir, 'charts/sub'));
      rerenders(dir, () => writeFileSync(path.join(sub, 'templates/c.yaml'), configMap('c', '"two"')));
    });

    test.each([
      ['-f', (f: string) => ['-f', f]],
      ['--values=', (f: string) => [`--values=${f}`]],
      ['-f a,b', (f: string) => ['-f', `${f},${f}`]],
    ])('a values file in flags (%s)', (_form, flags) => {
      const file = path.join(temp('jkp-flags-'), 'v.yaml');
      writeFileSync(file, 'a: one\n');
      rerenders(chart({ 'templates/c.yaml': configMap('c', '.Values.a') }), () => writeFileSync(file, 'a: two\n'), { flags: flags(file) });
    });

    test('--set-file in flags', () => {
      const file = path.join(temp('jkp-flags-'), 'a.txt');
      writeFileSync(file, 'one');
      rerenders(chart({ 'templates/c.yaml': configMap('c', '.Values.a') }), () => writeFileSync(file, 'two'), { flags: ['--set-file', `a=${file}`] });
    });

    test('HELM_NAMESPACE in the environment', () => {
      const saved = process.env.HELM_NAMESPACE;
      try {
        process.env.HELM_NAMESPACE = 'one';
        rerenders(chart({ 'templates/c.yaml': configMap('c', '.Release.Namespace') }), () => (process.env.HELM_NAMESPACE = 'two'));
      } finally {
        if (saved === undefined) delete process.env.HELM_NAMESPACE;
        else process.env.HELM_NAMESPACE = saved;
      }
    });

    test('two charts with the same files but one symlinked template do not share a key', () => {
      const cache = temp('jkp-cache-');
      const files = { 'templates/a.yaml': configMap('a', '"a"') };
      const plain = chart(files);
      const linked = chart(files);
      const outside = path.join(temp('jkp-outside-'), 'b.yaml');
      writeFileSync(outside, configMap('b', '"b"'));
      symlinkSync(outside, path.join(linked, 'templates/b.yaml'));
      expect(renderChart(plain, { helm, cache }).all().map((o) => o.metadata?.name)).toEqual(['a']);
      expect(renderChart(linked, { helm, cache }).all().map((o) => o.metadata?.name).sort()).toEqual(['a', 'b']);
    });

    test('a flag the key cannot cover renders every time, and says so; known flags stay cached', () => {
      const { helm: counted, count } = countingHelm(helm);
      const dir = chart({ 'templates/c.yaml': configMap('c', '"x"') });
      const cache = temp('jkp-cache-');
      // --enable-dns: getHostByName asks the network, which no key can cover
      const dns = () => renderChart(dir, { helm: counted, cache, flags: ['--enable-dns'] });
      expect(dns().uncached).toBe('not cached: flags: --enable-dns (not a flag the cache key can cover)');
      dns();
      expect(count('template')).toBe(2);
      const known = () => renderChart(dir, { helm: counted, cache, flags: ['--skip-tests', '-n', 'x', '--set=a=b', '--dry-run'] });
      expect(known().uncached).toBeUndefined();
      known();
      expect(count('template')).toBe(3);
    });
  });

  test('which flags the key covers: pure ones, and -f/--values/--set-file by their files; the rest is not cached', () => {
    expect(flagInputs(['--skip-tests', '-n', 'x', '-a=v1', '--set', 'a=b', '--dry-run', '--wait', '-f', 'a.yaml,b.yaml', '-fc.yaml', '--values=d.yaml', '--set-file', 'k=e.txt,l=f.txt'])).toEqual({
      files: ['a.yaml', 'b.yaml', 'c.yaml', 'd.yaml', 'e.txt', 'f.txt'],
    });
    for (const flags of [['--post-renderer', 'x.sh'], ['--post-renderer-args=y'], ['v.yaml'], ['-f', 'https://example.invalid/v.yaml'], ['-f', '-'], ['--output-dir', 'out'], ['-g'], ['--validate'], ['--dry-run=server'], ['--enable-dns'], ['--set-file', 'k={a,b}'], ['-f'], ['--', 'x']]) {
      expect([flags, flagInputs(flags)]).toEqual([flags, { uncacheable: expect.stringMatching(/^flags: /) }]);
    }
  });

  test('helm version runs once per binary for the whole run, not once per spec file', () => {
    const { helm: counted, count } = countingHelm(helm);
    const cache = temp('jkp-cache-');
    const dir = chart({ 'templates/c.yaml': configMap('c', '"x"') });
    // each spec file gets a fresh module registry (and each worker is a process): the in-memory memo starts empty
    for (const set of ['a', 'b', 'c']) {
      jest.isolateModules(() => {
        const fresh = require('./index') as typeof import('./index');
        fresh.renderChart(dir, { helm: counted, cache, set: { v: set } });
      });
    }
    expect(count('version')).toBe(1);
    expect(count('template')).toBe(3);
    expect(readdirSync(path.join(cache, 'helm-version'))).toHaveLength(1);
  });

  describe('charts render for the configured release (issue 31 finding 6)', () => {
    const capabilities = () => chart({ 'templates/c.yaml': configMap('c', '.Capabilities.KubeVersion.Version') });

    test('.Capabilities.KubeVersion is the configured release\'s modelled patch unless kubeVersion is given', () => {
      const dir = capabilities();
      expect(value(renderChart(dir, { helm, cache: false }), 'c')).toBe(RELEASES[NEWEST_RELEASE].patch);
      withConfiguration({ kubernetesVersion: '1.34' }, () => {
        expect(value(renderChart(dir, { helm, cache: false }), 'c')).toBe('v1.34.4');
        expect(renderCharts(dir, { one: [] }, { helm, cache: false }).map(([, c]) => value(c, 'c'))).toEqual(['v1.34.4']);
      });
      expect(value(renderChart(dir, { helm, cache: false, kubeVersion: 'v1.31.2' }), 'c')).toBe('v1.31.2');
    });

    test('a cached render follows the configured release', () => {
      const dir = capabilities();
      const cache = temp('jkp-cache-');
      expect(value(renderChart(dir, { helm, cache }), 'c')).toBe(RELEASES[NEWEST_RELEASE].patch);
      withConfiguration({ kubernetesVersion: '1.33' }, () => expect(value(renderChart(dir, { helm, cache }), 'c')).toBe('v1.33.13'));
    });

    test('a chart with a cert-manager-like kubeVersion constraint (">= 1.22.0-0") renders', () => {
      const dir = chart({ 'templates/c.yaml': configMap('c', '"ok"') }, 'apiVersion: v2\nname: tiny\nversion: 0.1.0\nkubeVersion: ">= 1.22.0-0"\n');
      expect(value(renderChart(dir, { helm, cache: false }), 'c')).toBe('ok');
      // a release the chart refuses is still helm's error at kubeVersion: in Chart.yaml
      expect(() => renderChart(dir, { helm, cache: false, kubeVersion: 'v1.21.0' })).toThrow(/Chart\.yaml:4: helm template: .*kubeVersion/);
    });

    test('no --api-versions is added unless given', () => {
      const dir = chart({ 'templates/c.yaml': `{{- if .Capabilities.APIVersions.Has "monitoring.coreos.com/v1" }}\n${configMap('c', '"has"')}{{- end }}\n` });
      expect(renderChart(dir, { helm, cache: false }).all()).toEqual([]);
      expect(renderChart(dir, { helm, cache: false, apiVersions: ['monitoring.coreos.com/v1'] }).all()).toHaveLength(1);
    });
  });
});

