// helm template's command line, built so that no value can be read as a flag, and what of the user's own `flags` the
// render cache can key. A release name like `--post-renderer=/x/evil.sh` was read by helm as a flag and ran evil.sh:
// names are checked against helm's own rule first, every value goes in `--flag=value` form, and the positionals
// (release, chart) come after `--`, which helm's flag parser (cobra/pflag) takes as the end of the flags.

/**
 * helm's chartutil.ValidateReleaseName (pkg/chartutil/validate_name.go at v3.22.0, the same in v4.3.2's
 * pkg/chart/v2/util/validate_name.go): a DNS-1123 subdomain-like name of at most 53 characters, so that a chart can
 * append 10 characters and stay within a 63-character label.
 */
const RELEASE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const MAX_RELEASE_NAME_LENGTH = 53;

/** helm's own message (errInvalidName) when the name breaks its rule; undefined when helm would take it. */
export function releaseNameProblem(name: string): string | undefined {
  if (name.length <= MAX_RELEASE_NAME_LENGTH && RELEASE_NAME.test(name)) return undefined;
  return `invalid release name, must match regex ${RELEASE_NAME.source} and the length must not be longer than ${MAX_RELEASE_NAME_LENGTH}`;
}

/** The values that reach `helm template`, each a string helm must read as a value only. */
export interface HelmArgs {
  release?: string;
  /** An absolute path. */
  chartDir: string;
  valueFiles: string[];
  namespace?: string;
  set: string[];
  setString: string[];
  kubeVersion?: string;
  apiVersions: string[];
  includeCRDs?: boolean;
  showOnly: string[];
  /** The user's own flags, passed as given (they are flags by intent). */
  flags: string[];
}

/** Our flags (`--name=value`), the user's flags, then `--` and the positionals: nothing after `--` is a flag. */
export function templateArgs(a: HelmArgs): string[] {
  return [
    'template',
    ...a.valueFiles.map((f) => `--values=${f}`),
    ...(a.namespace ? [`--namespace=${a.namespace}`] : []),
    ...a.set.map((p) => `--set=${p}`),
    ...a.setString.map((p) => `--set-string=${p}`),
    ...(a.kubeVersion ? [`--kube-version=${a.kubeVersion}`] : []),
    ...a.apiVersions.map((v) => `--api-versions=${v}`),
    ...(a.includeCRDs ? ['--include-crds'] : []),
    ...a.showOnly.map((s) => `--show-only=${s}`),
    ...a.flags,
    '--',
    ...(a.release ? [a.release] : []),
    a.chartDir,
  ];
}

// helm template's flags (pkg/cmd/template.go, install.go, flags.go and the global ones in pkg/cli/environment.go, at
// v3.22.0 and v4.3.2) whose whole effect on the output is the argv itself, which the key holds.
const PURE_SWITCHES = new Set([
  '--atomic', '--rollback-on-failure', '--create-namespace', '--devel', '--disable-openapi-validation', '--force', '--force-replace',
  '--force-conflicts', '--hide-notes', '--include-crds', '--insecure-skip-tls-verify', '--is-upgrade', '--no-hooks', '--pass-credentials',
  '--plain-http', '--render-subchart-notes', '--replace', '--skip-crds', '--skip-schema-validation', '--skip-tests', '--take-ownership',
  '--wait-for-jobs', '--debug', '--kube-insecure-skip-tls-verify', '--server-side',
]);
const PURE_VALUES = new Set([
  '--api-versions', '-a', '--description', '--kube-version', '--labels', '-l', '--name-template', '--namespace', '-n', '--set', '--set-json',
  '--set-literal', '--set-string', '--show-only', '-s', '--timeout', '--version', '--burst-limit', '--qps', '--kube-context', '--kube-apiserver',
  '--kube-as-user', '--kube-as-group', '--kube-tls-server-name', '--kube-token', '--username', '--password', '--color', '--colour',
]);
// flags with an optional value (pflag NoOptDefVal): a value only after `=`
// (`--dry-run=server` reads the cluster: not keyed)
const OPTIONAL_VALUES = new Map([['--dry-run', /^(client|none|unset|true|false)$/], ['--wait', /^(true|false|watcher|legacy|hookOnly)$/]]);
// flags that name files helm reads: their bytes go in the key
const FILE_VALUES = new Map([['--values', 'values'], ['-f', 'values'], ['--set-file', 'set-file']]);

/** What the key needs of the user's flags: the files they name (resolved later), or why they cannot be keyed. */
export type FlagInputs = { files: string[] } | { uncacheable: string };

/**
 * The files `flags` make helm read (`-f a.yaml`, `--values=a.yaml,b.yaml`, `--set-file key=path`), or the first flag
 * the key cannot cover: one that runs a program (`--post-renderer`), reads the network or the cluster (`--validate`,
 * `--enable-dns`, a values URL), writes elsewhere (`--output-dir`), is random (`--generate-name`), or is not known.
 */
export function flagInputs(flags: string[]): FlagInputs {
  const files: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    const token = flags[i];
    const m = /^(--[^=]+|-[A-Za-z])(?:=?(.*))?$/s.exec(token);
    if (!m || token === '--') return { uncacheable: `flags: ${JSON.stringify(token)} is not a flag` };
    const [name, inline] = [m[1], m[2] === '' && !token.includes('=') ? undefined : m[2]];
    if (PURE_SWITCHES.has(name)) continue;
    const optional = OPTIONAL_VALUES.get(name);
    if (optional) {
      if (inline === undefined || optional.test(inline)) continue;
      return { uncacheable: `flags: ${token}` };
    }
    const kind = FILE_VALUES.get(name);
    if (!PURE_VALUES.has(name) && !kind) return { uncacheable: `flags: ${name} (not a flag the cache key can cover)` };
    const value = inline ?? flags[++i];
    if (value === undefined) return { uncacheable: `flags: ${name} without a value` };
    if (kind) {
      const named = kind === 'values' ? valuesFiles(value) : setFiles(value);
      if (!named) return { uncacheable: `flags: ${name} ${value}` };
      files.push(...named);
    }
  }
  return { files };
}

/** `-f a.yaml,b.yaml` (a string slice: comma-separated); a URL or stdin is not a file the key can read. */
function valuesFiles(value: string): string[] | undefined {
  const files = value.split(',');
  return files.some((f) => f === '-' || f === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(f) || f.includes('"')) ? undefined : files;
}

/** `--set-file key=path,key2=path2`; escapes, lists and braces are left to helm and not keyed. */
function setFiles(value: string): string[] | undefined {
  if (/[\\{}[\]]/.test(value)) return undefined;
  const files = value.split(',').map((pair) => pair.slice(pair.indexOf('=') + 1));
  return value.split(',').every((pair) => pair.indexOf('=') > 0) && files.every((f) => f !== '') ? files : undefined;
}
