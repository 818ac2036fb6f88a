// CronJob schedules as kube-apiserver checks them: cron.ParseStandard from github.com/robfig/cron/v3
// (parser.go: five fields minute hour dom month dow, or a descriptor such as @hourly or @every 1h30m),
// then pkg/apis/batch/validation/validation.go validateScheduleFormat (no TZ= / CRON_TZ= on create).

interface Bounds { min: number; max: number; names?: Record<string, number> }
const MONTHS = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
const DAYS = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const FIELDS: Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS },
  { min: 0, max: 6, names: DAYS },
];
const MAX_INT64 = 2n ** 63n - 1n;

/** strconv.Atoi, then robfig's "Negative number" check (as a bigint: Go prints the whole int64). */
function mustParseInt(expr: string): bigint {
  if (!/^[+-]?[0-9]+$/.test(expr)) throw new Error(`failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: invalid syntax`);
  const n = BigInt(expr);
  if (n > MAX_INT64 || n < -MAX_INT64 - 1n) throw new Error(`failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: value out of range`);
  if (n < 0n) throw new Error(`negative number (${n}) not allowed: ${expr}`);
  return n;
}

function parseIntOrName(expr: string, names?: Record<string, number>): bigint {
  const named = names?.[expr.toLowerCase()];
  return named !== undefined ? BigInt(named) : mustParseInt(expr);
}

function checkRange(expr: string, r: Bounds): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  const [min, max] = [BigInt(r.min), BigInt(r.max)];
  let start: bigint;
  let end: bigint;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') [start, end] = [min, max];
  else {
    start = parseIntOrName(lowAndHigh[0], r.names);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1], r.names);
    else throw new Error(`too many hyphens: ${expr}`);
  }
  let step = 1n;
  if (rangeAndStep.length === 2) {
    step = mustParseInt(rangeAndStep[1]);
    if (lowAndHigh.length === 1) end = max; // "N/step" means "N-max/step"
  } else if (rangeAndStep.length > 2) throw new Error(`too many slashes: ${expr}`);
  if (start < min) throw new Error(`beginning of range (${start}) below minimum (${r.min}): ${expr}`);
  if (end > max) throw new Error(`end of range (${end}) above maximum (${r.max}): ${expr}`);
  if (start > end) throw new Error(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0n) throw new Error(`step of range should be a positive number: ${expr}`);
}

/** Go's time.ParseDuration, only as far as accepting or refusing (with Go's error text). */
function checkGoDuration(s: string): void {
  const orig = s;
  const bad = () => new Error(`time: invalid duration ${JSON.stringify(orig)}`);
  if (s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  if (s === '0') return;
  if (s === '') throw bad();
  while (s !== '') {
    const num = /^([0-9]*)(\.[0-9]*)?/.exec(s)!;
    if (num[0] === '' || num[0] === '.') throw bad();
    s = s.slice(num[0].length);
    const unit = /^[^0-9.]*/.exec(s)![0];
    if (unit === '') throw new Error(`time: missing unit in duration ${JSON.stringify(orig)}`);
    if (!['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h'].includes(unit)) {
      throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${JSON.stringify(orig)}`);
    }
    s = s.slice(unit.length);
  }
}

const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/** cron.ParseStandard (v3, errors lower-case): undefined when the spec parses, else robfig's error text. TZ= prefixes are left to the caller. */
export function parseStandardError(spec: string): string | undefined {
  try {
    if (spec.length === 0) return 'empty spec string';
    if (spec.startsWith('@')) {
      if (DESCRIPTORS.has(spec)) return undefined;
      if (spec.startsWith('@every ')) {
        try {
          checkGoDuration(spec.slice('@every '.length));
        } catch (e) {
          return `failed to parse duration ${spec}: ${(e as Error).message}`;
        }
        return undefined;
      }
      return `unrecognized descriptor: ${spec}`;
    }
    const fields = spec.split(/\s+/).filter((f) => f !== '');
    if (fields.length !== 5) return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
    fields.forEach((f, i) => f.split(',').filter((x) => x !== '').forEach((expr) => checkRange(expr, FIELDS[i])));
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
