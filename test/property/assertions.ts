// Asking whether an assertion passed, for properties about matchers.

/** Did the assertion pass? A failed assertion (JestAssertionError carries matcherResult) is false; any other exception escapes. */
export function passes(assertion: () => unknown): boolean {
  try {
    assertion();
    return true;
  } catch (error) {
    if ((error as { matcherResult?: unknown })?.matcherResult !== undefined) return false;
    throw error;
  }
}

export async function passesAsync(assertion: () => Promise<unknown>): Promise<boolean> {
  try {
    await assertion();
    return true;
  } catch (error) {
    if ((error as { matcherResult?: unknown })?.matcherResult !== undefined) return false;
    throw error;
  }
}
