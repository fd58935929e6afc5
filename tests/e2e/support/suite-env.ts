/** Where global setup publishes the shared server's address; the workers inherit it. */
export const BASE_URL_ENV = 'DOCENT_E2E_BASE_URL';
/** ...and the file the shared server's stdout and stderr go to. */
export const SERVER_LOG_ENV = 'DOCENT_E2E_SERVER_LOG';
/** ...and the email and password (JSON) of its administrator, the first account global setup registered. */
export const ADMIN_ACCOUNT_ENV = 'DOCENT_E2E_ADMIN';
