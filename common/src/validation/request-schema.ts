import { z } from 'zod';
import { unstorableInputProblem } from './request-input.js';

/** What a body that is not a JSON object (none, an array, a form) is told, rather than the schema library's wording. */
export const NOT_A_JSON_OBJECT = 'The request body must be a JSON object';

/** A path parameter naming a stored thing by its id; `what` names the thing in the message. */
export const idParam = (what: string) => z.uuid({ error: `${what} must be an id` });

export type RequestCheck<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Checks input as the API's validation does, in its order (a value that cannot be stored,
 * then the route's schema), and fails with the text the API would answer: the first
 * problem's message. `name` names the whole input in messages, as the API does. The web
 * app checks what it is about to send with this, so a refusal reads the same whether the
 * web app or the API makes it.
 */
export function checkRequest<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  name = 'The request body',
): RequestCheck<z.output<Schema>> {
  const unstorable = unstorableInputProblem(input, name);
  if (unstorable) return { ok: false, error: unstorable };
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: parsed.error.issues[0]!.message };
}
