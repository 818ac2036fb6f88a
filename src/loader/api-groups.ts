// kubectl maps a manifest's apiVersion and kind through discovery (RESTMapper.RESTMapping) and refuses what no group
// of the modelled release serves with `no matches for kind "Deployment" in version "batch/v1"`. The groups and kinds
// of each release are its row's apiGroups in the release table (core/releases.ts, core/api-groups-by-release.ts).
import { settings } from '../core/config';
import { releaseRow, type KubernetesVersion } from '../core/releases';
import { editDistance } from '../k8s/edit-distance';

interface KindEntry { kind: string; removedIn?: number }
const parse = (list: string): KindEntry[] => list.split(' ').map((k) => {
  const [kind, removed] = k.split('@');
  return { kind, removedIn: removed ? Number(removed) : undefined };
});
type Table = Map<string, KindEntry[]>;
const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');

/** A release's table, parsed once. */
const tables = new Map<KubernetesVersion, { table: Table; groups: Set<string>; minor: number }>();
function tableOf(version: KubernetesVersion) {
  let t = tables.get(version);
  if (!t) {
    const row = releaseRow(version);
    const table: Table = new Map(Object.entries(row.apiGroups).map(([gv, list]) => [gv, parse(list)]));
    tables.set(version, (t = { table, groups: new Set([...table.keys()].map(groupOf)), minor: row.minor }));
  }
  return t;
}

/** Where a kind is served now (its GA version first): `apps/v1`. */
function servedAt(table: Table, served: (e: KindEntry) => boolean, kind: string): string[] {
  const out = [...table].filter(([, kinds]) => kinds.some((e) => e.kind === kind && served(e))).map(([gv]) => gv);
  return out.sort((a, b) => Number(/alpha|beta/.test(a)) - Number(/alpha|beta/.test(b)));
}

/**
 * kubectl's refusal for a kind no built-in group version serves (undefined when it is served, or the group is not
 * built in: CRDs and aggregated APIs load as before), then why and what to write instead.
 */
export function unservedKind(apiVersion: string, kind: string, version: KubernetesVersion = settings().kubernetesVersion): string | undefined {
  const { table, groups, minor } = tableOf(version);
  if (!groups.has(groupOf(apiVersion))) return undefined;
  const served = (e: KindEntry) => e.removedIn === undefined || e.removedIn > minor;
  const kinds = table.get(apiVersion);
  const entry = kinds?.find((e) => e.kind === kind);
  if (entry && served(entry)) return undefined;
  const head = `no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)}`;
  const now = servedAt(table, served, kind);
  if (entry) return `${head}: ${apiVersion} ${kind} was removed in Kubernetes 1.${entry.removedIn}${now.length ? `; use ${now[0]}` : ''}`;
  if (now.length) return `${head}: ${kind} is served as ${now[0]}`;
  const known = [...new Set([...table].flatMap(([, ks]) => ks.filter(served).map((e) => e.kind)))];
  const near = known.find((k) => k.toLowerCase() === kind.toLowerCase()) ?? known.find((k) => closeKind(k, kind));
  const nearAt = near && servedAt(table, served, near)[0];
  const hint = near ? ` (did you mean ${near}${nearAt === apiVersion ? '' : ` in ${nearAt}`}?)` : '';
  if (!kinds) return `${head}: the API server serves no ${apiVersion}${hint}`;
  return `${head}${hint}; ${apiVersion} serves ${kinds.filter(served).map((e) => e.kind).join(', ')}`;
}

/** One edit apart (a swap of neighbours counts as one): `Deploymnet` → `Deployment`. */
const closeKind = (a: string, b: string) => Math.abs(a.length - b.length) <= 1 && editDistance(a, b, { swaps: true }) <= 1;
