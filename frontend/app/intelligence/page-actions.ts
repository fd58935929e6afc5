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

/** The action a posted form asks for, or null when it is not one of the page's. */
export function readPageAction(form: FormData, maxTitleLength: number): PageAction | null {
  const intent = PAGE_INTENTS.find((known) => known === form.get('intent'));
  const sessionId = field(form, 'sessionId');
  switch (intent) {
    case 'clear-history':
      return { intent };
    case 'rename-session': {
      const title = field(form, 'title');
      return sessionId && title && title.length <= maxTitleLength ? { intent, sessionId, title } : null;
    }
    case 'delete-session':
      return sessionId ? { intent, sessionId } : null;
    case undefined:
      return null;
    default: {
      const unhandled: never = intent;
      throw new Error(`Unhandled page intent ${String(unhandled)}`);
    }
  }
}
