import { chatSessionId, renameChatSessionSchema } from '@docent/common/chat';
import { checkRequest, type RequestCheck } from '@docent/common/validation';

// The Intelligence page's own mutations, posted to its route action with an `intent`.

export const PAGE_INTENTS = ['clear-history', 'rename-session', 'delete-session'] as const;
export type PageIntent = (typeof PAGE_INTENTS)[number];

export type PageAction =
  | { intent: 'clear-history' }
  | { intent: 'rename-session'; sessionId: string; title: string }
  | { intent: 'delete-session'; sessionId: string };

/** The action's answer; each form reads its own through its own fetcher. */
export type PageActionResult = { ok: true } | { ok: false; error: string };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** The session a form names, checked as the API checks the id in its path. */
const sessionIdOf = (form: FormData) => checkRequest(chatSessionId, field(form, 'sessionId'), 'id');

/** The action a posted form asks for, checked with the API's schemas; refused in the API's words. */
export function readPageAction(form: FormData): RequestCheck<PageAction> {
  const intent = PAGE_INTENTS.find((known) => known === form.get('intent'));
  switch (intent) {
    case 'clear-history':
      return { ok: true, value: { intent } };
    case 'rename-session': {
      const sessionId = sessionIdOf(form);
      if (!sessionId.ok) return sessionId;
      const rename = checkRequest(renameChatSessionSchema, { title: field(form, 'title') });
      return rename.ok
        ? { ok: true, value: { intent, sessionId: sessionId.value, title: rename.value.title } }
        : rename;
    }
    case 'delete-session': {
      const sessionId = sessionIdOf(form);
      return sessionId.ok ? { ok: true, value: { intent, sessionId: sessionId.value } } : sessionId;
    }
    case undefined:
      return { ok: false, error: 'Unknown Intelligence action' };
    default: {
      const unhandled: never = intent;
      throw new Error(`Unhandled page intent ${String(unhandled)}`);
    }
  }
}
