import {
  DOCUMENT_SORT_FIELDS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentListQuery,
  type DocumentSortField,
  type DocumentStatus,
  type DocumentType,
} from '@docent/common/documents';
import { isoDateProblem } from '@docent/common/validation';

/**
 * What the Documents page shows, as the URL carries it. The URL's parameters are
 * exactly GET /api/documents's, so a shared link and the API call say the same thing.
 */
export interface DocumentListState {
  search: string;
  statuses: DocumentStatus[];
  fileTypes: DocumentType[];
  /** ISO dates (yyyy-mm-dd), inclusive. */
  dateFrom: string | null;
  dateTo: string | null;
  /** Bytes. */
  sizeMin: number | null;
  sizeMax: number | null;
  /** null: either. */
  hasVectors: boolean | null;
  page: number;
  sort: DocumentSortField;
  order: 'asc' | 'desc';
}

/** The contract's default page size; the page asks for it explicitly so paging maths never guesses. */
export const DOCUMENTS_PAGE_SIZE = 20;

export const DEFAULT_LIST_STATE: DocumentListState = {
  search: '',
  statuses: [],
  fileTypes: [],
  dateFrom: null,
  dateTo: null,
  sizeMin: null,
  sizeMax: null,
  hasVectors: null,
  page: 1,
  sort: 'uploadedAt',
  order: 'desc',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const BYTES_PER_MB = 1024 * 1024;

function listOf<T extends string>(value: string | null, allowed: readonly T[]): T[] {
  if (!value) return [];
  const wanted = new Set(value.split(',').map((item) => item.trim()));
  // Catalogue order, no duplicates: the same selection always makes the same URL.
  return allowed.filter((item) => wanted.has(item));
}

function dateOf(value: string | null): string | null {
  // The server's rule, so a date it would refuse (2025-02-30, year 0) falls back rather than failing the page.
  if (!value || !ISO_DATE.test(value)) return null;
  return isoDateProblem(value) === null ? value : null;
}

function bytesOf(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const bytes = Number(value);
  return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : null;
}

/** Reads the page's state from its URL; anything malformed falls back to the default rather than failing the page. */
export function parseListState(params: URLSearchParams): DocumentListState {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const hasVectors = params.get('hasVectors');
  return {
    search: params.get('search')?.trim() ?? '',
    statuses: listOf(params.get('status'), DOCUMENT_STATUSES),
    fileTypes: listOf(params.get('fileTypes'), DOCUMENT_TYPES),
    dateFrom: dateOf(params.get('dateFrom')),
    dateTo: dateOf(params.get('dateTo')),
    sizeMin: bytesOf(params.get('sizeMin')),
    sizeMax: bytesOf(params.get('sizeMax')),
    hasVectors: hasVectors === 'true' ? true : hasVectors === 'false' ? false : null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_LIST_STATE.page,
    sort: DOCUMENT_SORT_FIELDS.find((field) => field === sort) ?? DEFAULT_LIST_STATE.sort,
    order: params.get('order') === 'asc' ? 'asc' : params.get('order') === 'desc' ? 'desc' : DEFAULT_LIST_STATE.order,
  };
}

/** The URL parameters for a state, leaving out what equals the default so links stay short. */
export function listStateToParams(state: DocumentListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.statuses.length > 0) params.set('status', state.statuses.join(','));
  if (state.fileTypes.length > 0) params.set('fileTypes', state.fileTypes.join(','));
  if (state.dateFrom) params.set('dateFrom', state.dateFrom);
  if (state.dateTo) params.set('dateTo', state.dateTo);
  if (state.sizeMin !== null) params.set('sizeMin', String(state.sizeMin));
  if (state.sizeMax !== null) params.set('sizeMax', String(state.sizeMax));
  if (state.hasVectors !== null) params.set('hasVectors', String(state.hasVectors));
  if (state.page !== DEFAULT_LIST_STATE.page) params.set('page', String(state.page));
  if (state.sort !== DEFAULT_LIST_STATE.sort || state.order !== DEFAULT_LIST_STATE.order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  return params;
}

/** The filter, page and sort as the contract names them. */
function toListQuery(state: DocumentListState): DocumentListQuery {
  return {
    ...(state.search && { search: state.search }),
    ...(state.statuses.length > 0 && { status: state.statuses }),
    ...(state.fileTypes.length > 0 && { fileTypes: state.fileTypes }),
    ...(state.dateFrom && { dateFrom: state.dateFrom }),
    ...(state.dateTo && { dateTo: state.dateTo }),
    ...(state.sizeMin !== null && { sizeMin: state.sizeMin }),
    ...(state.sizeMax !== null && { sizeMax: state.sizeMax }),
    ...(state.hasVectors !== null && { hasVectors: state.hasVectors }),
    page: state.page,
    pageSize: DOCUMENTS_PAGE_SIZE,
    sort: state.sort,
    order: state.order,
  };
}

/** The GET /api/documents path for a state: lists comma-separated, as the contract reads them. */
export function documentListPath(state: DocumentListState): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(toListQuery(state))) {
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return `/api/documents?${params}`;
}

/** True when a search or any filter narrows the list (the empty state then says nothing matched). */
export function isNarrowed(state: DocumentListState): boolean {
  return (
    state.search !== '' ||
    state.statuses.length > 0 ||
    state.fileTypes.length > 0 ||
    state.dateFrom !== null ||
    state.dateTo !== null ||
    state.sizeMin !== null ||
    state.sizeMax !== null ||
    state.hasVectors !== null
  );
}

/** Every filter and the search cleared; the sort stays, since it narrows nothing. */
export function clearedFilters(state: DocumentListState): DocumentListState {
  return { ...DEFAULT_LIST_STATE, sort: state.sort, order: state.order };
}

/** A change of filter, search or sort starts again at page 1: the old page may no longer exist. */
export function withChange(
  state: DocumentListState,
  change: Partial<Omit<DocumentListState, 'page'>>,
): DocumentListState {
  return { ...state, ...change, page: 1 };
}

/** Clicking a column header: the same column flips the order; a new column starts ascending, dates newest first. */
export function sortedBy(state: DocumentListState, field: DocumentSortField): DocumentListState {
  if (state.sort === field) return withChange(state, { order: state.order === 'asc' ? 'desc' : 'asc' });
  const newestFirst = field === 'uploadedAt' || field === 'processedAt';
  return withChange(state, { sort: field, order: newestFirst ? 'desc' : 'asc' });
}

/** The size fields are typed in megabytes; the API counts bytes. Blank or invalid means no bound. */
export function megabytesToBytes(text: string): number | null {
  if (text.trim() === '') return null;
  const megabytes = Number(text);
  return Number.isFinite(megabytes) && megabytes >= 0 ? Math.round(megabytes * BYTES_PER_MB) : null;
}

export function bytesToMegabytes(bytes: number | null): string {
  if (bytes === null) return '';
  // Up to two decimals, without trailing zeros: 1.5, not 1.50.
  return String(Math.round((bytes / BYTES_PER_MB) * 100) / 100);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
