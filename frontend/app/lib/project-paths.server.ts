/** A stack trace with the project's folder taken out of its file paths: `at f (frontend/build/server/index.js:3:1)`. */
export function relativeToProject(stack: string, projectRoot: string): string {
  const root = projectRoot.replace(/\/+$/, '');
  return stack.replaceAll(`file://${root}/`, '').replaceAll(`${root}/`, '');
}
