// A null item in a list as Go's JSON decoder takes it: `[null]` decoded into []T is one T with its zero value (an
// empty struct, "", 0), which the API server's validation then judges like any other item (a zero PodAffinityTerm is
// refused for its empty topologyKey, a zero Toleration for its empty key with operator Equal). encoding/json
// (sigs.k8s.io/json, which the API server decodes with): "unmarshals null into [a value type] by leaving it unchanged",
// the zero value a slice's new element starts with. Validation reads the object so decoded (engine/validate.ts).

/** The lists of strings the API server's validation reads, by field name: their zero item is "" (used when no other item tells). */
const STRING_LISTS: ReadonlySet<string> = new Set([
  'namespaces', 'matchLabelKeys', 'mismatchLabelKeys', 'values', 'hostnames', 'podCIDRs', 'nameservers', 'searches',
  'add', 'drop', 'accessModes', 'finalizers', 'command', 'args', 'names', 'audiences',
]);

/** The zero value of the list's items: of the type its other items have, else by the list's field name. */
function zeroItem(list: readonly unknown[], field: string | undefined): unknown {
  const other = list.find((x) => x !== null && x !== undefined);
  if (typeof other === 'string') return '';
  if (typeof other === 'number') return 0;
  if (typeof other === 'boolean') return false;
  // Stryker disable next-line ConditionalExpression: `field !== undefined` guards only the lookup; the set has no undefined
  if (other === undefined && field !== undefined && STRING_LISTS.has(field)) return '';
  return {};
}

function decoded(value: unknown, field: string | undefined): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    // Stryker disable next-line EqualityOperator: value[value.length] is undefined, which is left as it is
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const d = item === null ? zeroItem(value, field) : decoded(item, field);
      if (d !== item) (out ??= value.slice())[i] = d;
    }
    return out ?? value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let out: Record<string, unknown> | undefined;
  for (const [key, v] of Object.entries(value)) {
    const d = decoded(v, key);
    if (d !== v) (out ??= { ...(value as Record<string, unknown>) })[key] = d;
  }
  return out ?? value;
}

/** `value` with each null list item its zero value (copies along the way to one); `value` itself when it has none. */
export function withZeroItems<T>(value: T): T {
  return decoded(value, undefined) as T;
}
