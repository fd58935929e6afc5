import type { ApiKeyView } from '@docent/common/api';
import type { ApiKeyRecord } from './api-key.entity.js';

export type { ApiKeyView };

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
