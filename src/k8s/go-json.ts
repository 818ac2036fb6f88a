// Go's encoding/json Unmarshal, for the one place where the API server decodes JSON held in a string and prints the
// decoder's own error: the `scheduler.alpha.kubernetes.io/tolerations` annotation (pkg/apis/core/helper/helpers.go
// GetTolerationsFromPodAnnotations: json.Unmarshal into []core.Toleration, whose error ValidateTolerationsInPodAnnotations
// prints). Unmarshal first scans the whole text (scanner.go checkValid: the first syntax error, as the scanner's state
// machine words it), then decodes, keeping the first type error (decode.go saveError, with the struct and field it
// happened in, addErrorContext) and going on to the end. Ported from Go 1.26's encoding/json (the toolchain the
// oracle's binaries are built with; these texts have not changed since Go 1.20). The internal core.Toleration has no
// json tags: its keys are the Go field names, matched exactly or case-insensitively (fold.go foldName).

/** A parsed JSON value with what decoding needs: object members in order (duplicates kept), numbers as written. */
type Value =
  | { kind: 'null' }
  | { kind: 'bool'; value: boolean }
  | { kind: 'number'; text: string }
  | { kind: 'string'; value: string }
  | { kind: 'array'; items: Value[] }
  | { kind: 'object'; members: Array<[string, Value]> };

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** scanner.go quoteChar: the offending byte as a Go character literal (a byte ≥ 0x80 read as the rune of that value). */
function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return "'\"'";
  const ch = String.fromCharCode(c);
  const named: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\' };
  if (named[ch]) return `'${named[ch]}'`;
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, '0')}'`;
  // strconv.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space
  if (/^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(ch)) return `'${ch}'`;
  return `'\\u${c.toString(16).padStart(4, '0')}'`;
}

type Step = (c: number) => number;
const CONTINUE = 0, END = 1, ERROR = 2;
const MAX_DEPTH = 10000;
const KEY = 0, VALUE = 1, ARRAY = 2;
const HEX = 4;

/** scanner.go's state machine: `step` is the state, fed one byte at a time; the states are its methods, one per Go function. */
class Scanner {
  step: Step = (c) => this.beginValue(c);
  stack: number[] = [];
  error: string | undefined;
  endTop = false;

  fail(c: number, context: string): number {
    this.step = () => ERROR;
    this.error = `invalid character ${quoteChar(c)} ${context}`;
    return ERROR;
  }

  go(state: Step): number {
    this.step = state;
    return CONTINUE;
  }

  push(c: number, state: number): number {
    this.stack.push(state);
    return this.stack.length <= MAX_DEPTH ? CONTINUE : this.fail(c, 'exceeded max depth');
  }

  pop(): number {
    this.stack.pop();
    if (this.stack.length) return this.go((c) => this.endValue(c));
    this.endTop = true;
    return this.go((c) => this.endTopValue(c));
  }

  beginValue(c: number): number {
    if (isSpace(c)) return CONTINUE;
    if (c === 0x7b) {
      this.step = (d) => this.beginStringOrEmpty(d);
      return this.push(c, KEY);
    }
    if (c === 0x5b) {
      this.step = (d) => this.beginValueOrEmpty(d);
      return this.push(c, ARRAY);
    }
    if (c === 0x22) return this.go((d) => this.inString(d));
    if (c === 0x2d) return this.go((d) => this.neg(d));
    if (c === 0x30) return this.go((d) => this.zero(d));
    if (c >= 0x31 && c <= 0x39) return this.go((d) => this.one(d));
    const word = LITERALS[c];
    return word ? this.go((d) => this.literal(word, 1, d)) : this.fail(c, 'looking for beginning of value');
  }

  beginValueOrEmpty(c: number): number {
    if (isSpace(c)) return CONTINUE;
    return c === 0x5d ? this.endValue(c) : this.beginValue(c);
  }

  beginStringOrEmpty(c: number): number {
    if (isSpace(c)) return CONTINUE;
    if (c !== 0x7d) return this.beginString(c);
    this.stack[this.stack.length - 1] = VALUE;
    return this.endValue(c);
  }

  beginString(c: number): number {
    if (isSpace(c)) return CONTINUE;
    return c === 0x22 ? this.go((d) => this.inString(d)) : this.fail(c, 'looking for beginning of object key string');
  }

  endValue(c: number): number {
    const n = this.stack.length;
    if (n === 0) {
      this.endTop = true;
      this.step = (d) => this.endTopValue(d);
      return this.endTopValue(c);
    }
    if (isSpace(c)) return this.go((d) => this.endValue(d));
    const state = this.stack[n - 1];
    if (state === KEY) {
      if (c !== 0x3a) return this.fail(c, 'after object key');
      this.stack[n - 1] = VALUE;
      return this.go((d) => this.beginValue(d));
    }
    if (c === 0x2c) {
      if (state === VALUE) this.stack[n - 1] = KEY;
      return this.go(state === VALUE ? (d) => this.beginString(d) : (d) => this.beginValue(d));
    }
    if (c === (state === VALUE ? 0x7d : 0x5d)) return this.pop();
    return this.fail(c, state === VALUE ? 'after object key:value pair' : 'after array element');
  }

  // (the error is recorded and the scan goes on: the next byte, or the end, reports it)
  endTopValue(c: number): number {
    if (!isSpace(c)) this.fail(c, 'after top-level value');
    return END;
  }

  inString(c: number): number {
    if (c === 0x22) return this.go((d) => this.endValue(d));
    if (c === 0x5c) return this.go((d) => this.inStringEscape(d));
    return c < 0x20 ? this.fail(c, 'in string literal') : CONTINUE;
  }

  inStringEscape(c: number): number {
    if (c === 0x75) return this.go((d) => this.hex(HEX, d));
    if ('bfnrt\\/"'.includes(String.fromCharCode(c))) return this.go((d) => this.inString(d));
    return this.fail(c, 'in string escape code');
  }

  hex(left: number, c: number): number {
    if (!isHex(c)) return this.fail(c, 'in \\u hexadecimal character escape');
    return this.go(left > 1 ? (d) => this.hex(left - 1, d) : (d) => this.inString(d));
  }

  literal(word: string, k: number, c: number): number {
    if (c !== word.charCodeAt(k)) return this.fail(c, `in literal ${word} (expecting '${word[k]}')`);
    return this.go(k + 1 < word.length ? (d) => this.literal(word, k + 1, d) : (d) => this.endValue(d));
  }

  neg(c: number): number {
    if (c === 0x30) return this.go((d) => this.zero(d));
    return c >= 0x31 && c <= 0x39 ? this.go((d) => this.one(d)) : this.fail(c, 'in numeric literal');
  }

  one(c: number): number {
    return isDigit(c) ? CONTINUE : this.zero(c);
  }

  zero(c: number): number {
    if (c === 0x2e) return this.go((d) => this.dot(d));
    if (c === 0x65 || c === 0x45) return this.go((d) => this.exponent(d));
    return this.endValue(c);
  }

  dot(c: number): number {
    return isDigit(c) ? this.go((d) => this.dot0(d)) : this.fail(c, 'after decimal point in numeric literal');
  }

  dot0(c: number): number {
    if (isDigit(c)) return CONTINUE;
    return c === 0x65 || c === 0x45 ? this.go((d) => this.exponent(d)) : this.endValue(c);
  }

  exponent(c: number): number {
    return c === 0x2b || c === 0x2d ? this.go((d) => this.exponentSign(d)) : this.exponentSign(c);
  }

  exponentSign(c: number): number {
    return isDigit(c) ? this.go((d) => this.exponentDigits(d)) : this.fail(c, 'in exponent of numeric literal');
  }

  exponentDigits(c: number): number {
    return isDigit(c) ? CONTINUE : this.endValue(c);
  }
}

/** The literal words the scanner expects after `t`, `f` and `n`. */
const LITERALS: Record<number, string> = { 0x74: 'true', 0x66: 'false', 0x6e: 'null' };

/**
 * scanner.go checkValid over the UTF-8 bytes: undefined when the text is one JSON value, else the SyntaxError's text
 * (`invalid character 'x' looking for beginning of value`, `unexpected end of JSON input`, …). At the end of the input
 * the scanner is stepped once more with a space (scanner.eof): a literal cut short (`-`, `1.`, `tru`) is then an
 * invalid ' ', an unclosed string or container an unexpected end.
 */
export function goJsonSyntaxError(text: string): string | undefined {
  const s = new Scanner();
  for (const c of new TextEncoder().encode(text)) if (s.step(c) === ERROR) return s.error;
  if (s.error !== undefined) return s.error;
  if (s.endTop) return undefined;
  s.step(0x20);
  if (s.endTop) return undefined;
  return s.error ?? 'unexpected end of JSON input';
}

/** Go's decoding of a JSON string's text: invalid UTF-16 (a lone surrogate) becomes U+FFFD, as Go's unquote does. */
const goString = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Parses text that goJsonSyntaxError accepted, keeping what JSON.parse loses: member order and duplicates, number text. */
function parse(text: string): Value {
  let i = 0;
  const skip = () => {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return goString(JSON.parse(text.slice(start, i)) as string);
  };
  const value = (): Value => {
    skip();
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      const members: Array<[string, Value]> = [];
      const items: Value[] = [];
      skip();
      while (text[i] !== (c === '{' ? '}' : ']')) {
        skip();
        if (c === '{') {
          const key = str();
          skip();
          i++;
          members.push([key, value()]);
        } else items.push(value());
        skip();
        if (text[i] === ',') i++;
      }
      i++;
      return c === '{' ? { kind: 'object', members } : { kind: 'array', items };
    }
    if (c === '"') return { kind: 'string', value: str() };
    const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i))!;
    i += m[0].length;
    if (m[0] === 'null') return { kind: 'null' };
    if (m[0] === 'true' || m[0] === 'false') return { kind: 'bool', value: m[0] === 'true' };
    return { kind: 'number', text: m[0] };
  };
  return value();
}

/** The internal core.Toleration as the decoder fills it. */
export interface GoToleration { key: string; operator: string; value: string; effect: string; tolerationSeconds?: number }

/** core.Toleration's fields: Go name, the Go type UnmarshalTypeError prints, and the field of GoToleration. */
const FIELDS: ReadonlyArray<{ go: string; type: string; field: keyof GoToleration }> = [
  { go: 'Key', type: 'string', field: 'key' },
  { go: 'Operator', type: 'core.TolerationOperator', field: 'operator' },
  { go: 'Value', type: 'string', field: 'value' },
  { go: 'Effect', type: 'core.TaintEffect', field: 'effect' },
  { go: 'TolerationSeconds', type: 'int64', field: 'tolerationSeconds' },
];

/** fold.go foldName: ASCII letters upper-cased, other runes unicode.ToUpper'd (kept when the upper case is not one rune). */
const fold = (s: string) => [...s].map((r) => { const u = r.toUpperCase(); return [...u].length === 1 ? u : r; }).join('');

/** decode.go's field lookup: an exact match of the Go name first, then a case-insensitive one. */
const fieldOf = (key: string) => FIELDS.find((f) => f.go === key) ?? FIELDS.find((f) => fold(f.go) === fold(key));

/** UnmarshalTypeError's Value for a JSON value of the wrong kind (a number as written only for an integer field). */
const KIND_WORD: Record<Value['kind'], string> = { null: 'null', bool: 'bool', number: 'number', string: 'string', array: 'array', object: 'object' };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** strconv.ParseInt(s, 10, 64) succeeds: an optional sign and decimal digits, within int64. */
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

/**
 * json.Unmarshal of `text` into []core.Toleration: the tolerations, or the error's text (a SyntaxError's, or the first
 * UnmarshalTypeError's: `json: cannot unmarshal object into Go value of type []core.Toleration`, `json: cannot
 * unmarshal string into Go struct field Toleration.TolerationSeconds of type int64`, …). A null item is a zero
 * Toleration; unknown keys are ignored; a key given twice, the last one counts.
 */
export function unmarshalTolerations(text: string): { tolerations: GoToleration[] } | { error: string } {
  const syntax = goJsonSyntaxError(text);
  if (syntax) return { error: syntax };
  const top = parse(text);
  let first: string | undefined;
  const fail = (what: string, type: string, field?: string) => {
    first ??= field ? `json: cannot unmarshal ${what} into Go struct field Toleration.${field} of type ${type}` : `json: cannot unmarshal ${what} into Go value of type ${type}`;
  };
  if (top.kind === 'null') return { tolerations: [] };
  if (top.kind !== 'array') {
    fail(KIND_WORD[top.kind], '[]core.Toleration');
    return { error: first! };
  }
  const tolerations = top.items.map((item): GoToleration => {
    const t: GoToleration = { key: '', operator: '', value: '', effect: '' };
    if (item.kind === 'null') return t;
    if (item.kind !== 'object') {
      fail(KIND_WORD[item.kind], 'core.Toleration');
      return t;
    }
    for (const [key, v] of item.members) {
      const f = fieldOf(key);
      if (!f || v.kind === 'null') {
        // null leaves a string as it is and sets the pointer to nil
        if (f?.field === 'tolerationSeconds') delete t.tolerationSeconds;
        continue;
      }
      if (f.field === 'tolerationSeconds') {
        const n = v.kind === 'number' ? parseInt64(v.text) : undefined;
        if (n === undefined) fail(v.kind === 'number' ? `number ${v.text}` : KIND_WORD[v.kind], f.type, f.go);
        else t.tolerationSeconds = Number(n);
      } else if (v.kind === 'string') t[f.field] = v.value;
      else fail(KIND_WORD[v.kind], f.type, f.go);
    }
    return t;
  });
  return first === undefined ? { tolerations } : { error: first };
}
