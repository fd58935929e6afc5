import { Query } from '@nestjs/cqrs';

export interface AvailableModel {
  /** `{providerId}:{model id at the provider}`, as a client names it. */
  id: string;
  providerId: string;
}

/** The models that can answer now: the active ones. */
export class ListAvailableModelsQuery extends Query<AvailableModel[]> {}
