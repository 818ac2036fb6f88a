// github.com/awslabs/operatorpkg serrors: how Karpenter's structured errors print in its logs and events.

/** serrors.Error.Error: `msg (key=value, …)`, the keys sorted (sort.Strings: upper case before lower case). */
export const serror = (msg: string, values: Record<string, string>) =>
  `${msg} (${Object.keys(values).sort().map((k) => `${k}=${values[k]}`).join(', ')})`;
