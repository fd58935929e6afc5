import { Query } from '@nestjs/cqrs';
import type { Model } from '@docent/common/models';

/** Every model the installed providers offer, with its status, settings and figures. */
export class ListModelsQuery extends Query<Model[]> {}
