import { z } from 'zod';

/** What a body that is not a JSON object (none, an array, a form) is told, rather than the schema library's wording. */
export const NOT_A_JSON_OBJECT = 'The request body must be a JSON object';

/** A path parameter naming a stored thing by its id; `what` names the thing in the message. */
export const idParam = (what: string) => z.uuid({ error: `${what} must be an id` });
