import { Query } from '@nestjs/cqrs';
import type { ToolView } from '@docent/common/tools';

/** Every tool the plugins provide, ready or not, with why not. */
export class ListToolsQuery extends Query<ToolView[]> {}
