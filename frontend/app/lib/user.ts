export type { UserView } from '@docent/common/api';
