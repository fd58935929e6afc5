import type { INestApplication } from '@nestjs/common';
import { ApiTrafficRecorder } from '../metrics/recording/api-traffic-recorder.js';
import { ModelInvocationRecorder } from '../models/routing/invocation-recorder.js';
import { SearchRecorder } from '../search/commands/search-recorder.js';

/**
 * Writes what the server records in batches off the request's path (searches, model calls,
 * API traffic): a spec comparing tables or figures would otherwise race the next batch.
 */
export async function batchedRecordsWritten(app: INestApplication): Promise<void> {
  await app.get(SearchRecorder).recorded();
  await app.get(ModelInvocationRecorder).flush();
  await app.get(ApiTrafficRecorder).flush({ everything: true });
}
