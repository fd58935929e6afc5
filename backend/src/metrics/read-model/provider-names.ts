/** The names the Dashboard gives the well-known providers; any other goes by its own name. */
const WELL_KNOWN_PROVIDERS: Readonly<Record<string, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
};

/** OpenAI, Anthropic, Google, else the name the provider was added with or its plugin's, else its id. */
export function providerDisplayName(
  providerId: string,
  addedNames: ReadonlyMap<string, string>,
  pluginName: (providerId: string) => string | undefined,
): string {
  return WELL_KNOWN_PROVIDERS[providerId] ?? addedNames.get(providerId) ?? pluginName(providerId) ?? providerId;
}

/**
 * Whole percentages of `counts` that add up to exactly 100 (when any count is above zero):
 * each gets its rounded-down share, and the points left go to the largest remainders.
 */
export function largestRemainderPercentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * 100) / total);
  const shares = exact.map(Math.floor);
  let left = 100 - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}
