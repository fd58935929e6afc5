import { defineEntity, p, type InferEntity } from '@mikro-orm/sql';

/** Read model of API keys: only the hash and a masked form of each key are kept. */
export const ApiKeyEntity = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().index(),
    name: p.string().length(100),
    keyHash: p.string().length(64).unique('api_keys_key_hash_unique'),
    maskedKey: p.string().length(40),
    createdAt: p.datetime().columnType('timestamptz'),
    lastUsedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type ApiKeyRecord = InferEntity<typeof ApiKeyEntity>;
