/** Markers like [1], [2][3] or [1, 4]: the grounding instructions ask models to cite this way. */
const CITATION_MARKER = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

/** The source numbers an answer cites, ascending, each once; numbers with no source are left out. */
export function citedSourceNumbers(answer: string, sourceCount: number): number[] {
  const cited = new Set<number>();
  for (const [, list] of answer.matchAll(CITATION_MARKER)) {
    for (const number of list!.split(',').map(Number)) {
      if (number >= 1 && number <= sourceCount) cited.add(number);
    }
  }
  return [...cited].sort((a, b) => a - b);
}
