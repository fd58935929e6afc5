import {
  calculatePayloadSchema,
  queryPayloadSchema,
  type CalculatePayload,
  type QueryPayload,
} from '@docent/common/tools';
import { checkRequest } from '@docent/common/validation';
import { TOOL_INTENTS, type ToolActionResult, type ToolIntent } from './tool-actions';

/** A demo the page asked the /tools action to run, read from its form fields. */
export type ToolActionCommand =
  { intent: 'calculate'; payload: CalculatePayload } | { intent: 'search'; payload: QueryPayload };

/**
 * A form read and checked with the API's own schemas. A refusal is the failure of the
 * demo it names, in the words the API would have used, so the page toasts it like the
 * API's refusals.
 */
export type ToolActionRequest =
  { ok: true; command: ToolActionCommand } | { ok: false; refusal: Extract<ToolActionResult, { ok: false }> };

const text = (form: FormData, name: string): string | null => {
  const value = form.get(name);
  return typeof value === 'string' ? value : null;
};

const isIntent = (value: unknown): value is ToolIntent => TOOL_INTENTS.some((intent) => intent === value);

/**
 * A number field's value as a number; a blank or unreadable field is left as text for
 * the schema to refuse ('a must be a number'), never read as 0.
 */
function numberOf(value: string | null): unknown {
  if (value === null || value.trim() === '') return value;
  const number = Number(value);
  return Number.isNaN(number) ? value : number;
}

/** The demo a form asks for, checked; null when it is not one the page sends. */
export function readToolAction(form: FormData): ToolActionRequest | null {
  const intent = text(form, 'intent');
  if (!isIntent(intent)) return null;
  const refusal = (error: string): ToolActionRequest => ({ ok: false, refusal: { intent, ok: false, error } });
  switch (intent) {
    case 'calculate': {
      const check = checkRequest(calculatePayloadSchema, {
        operation: text(form, 'operation'),
        a: numberOf(text(form, 'a')),
        b: numberOf(text(form, 'b')),
      });
      return check.ok ? { ok: true, command: { intent, payload: check.value } } : refusal(check.error);
    }
    case 'search': {
      const check = checkRequest(queryPayloadSchema, { query: text(form, 'query') });
      return check.ok ? { ok: true, command: { intent, payload: check.value } } : refusal(check.error);
    }
    default: {
      const unhandled: never = intent;
      throw new Error(`Unhandled tool intent ${String(unhandled)}`);
    }
  }
}
