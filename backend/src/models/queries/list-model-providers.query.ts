import { Query } from '@nestjs/cqrs';
import type { ModelProviderView } from '@docent/common/models';

/** The installed providers and the endpoints added with 'Add Provider', keys masked. */
export class ListModelProvidersQuery extends Query<ModelProviderView[]> {}
