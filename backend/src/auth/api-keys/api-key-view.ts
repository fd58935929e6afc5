import type { ApiKeyRecord } from './api-key.entity.js';

/** The spec's API key: the full key appears only in the answer to its creation, masked everywhere else. */
export interface ApiKeyView {
  id: string;
  name: string;
  key: string;
  created: string;
  lastUsed: string | null;
  status: 'active';
}

export function toApiKeyView(record: ApiKeyRecord): ApiKeyView {
  return {
    id: record.id,
    name: record.name,
    key: record.maskedKey,
    created: record.createdAt.toISOString(),
    lastUsed: record.lastUsedAt?.toISOString() ?? null,
    status: 'active',
  };
}
