/** An ATX heading: one to six '#', a space, the title, optional closing '#'s. */
const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;

export interface MarkdownLine {
  line: string;
  heading?: { level: number; title: string };
}

/** Classifies each line, ignoring '#' lines inside fenced code blocks. */
export function classifyMarkdownLines(text: string): MarkdownLine[] {
  let fence: string | null = null;
  return text.split(/\r\n|\r|\n/).map((line) => {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1]!;
      else if (fence === fenceMatch[1]) fence = null;
      return { line };
    }
    const heading = fence === null ? ATX_HEADING.exec(line) : null;
    return heading ? { line, heading: { level: heading[1]!.length, title: heading[2]!.trim() } } : { line };
  });
}

/** Markdown without a .md name only when its headings leave no doubt. */
export function hasMarkdownHeadings(text: string): boolean {
  const lines = classifyMarkdownLines(text.slice(0, 64 * 1024));
  const firstContent = lines.find(({ line }) => line.trim() !== '');
  const headings = lines.filter(({ heading }) => heading).length;
  return Boolean(firstContent?.heading) || headings >= 2;
}
