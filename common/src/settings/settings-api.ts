// What the Settings page reads and sends beyond the profile, API keys and preferences
// (spec sections 2, 3 and 8), shared by the backend and the page.
import type { UserPreferences } from '../preferences/preferences-api.js';

/** One of the caller's open sign-in sessions (GET /api/auth/sessions). */
export interface SessionView {
  id: string;
  /** ISO 8601: when it was signed in. */
  createdAt: string;
  /** ISO 8601: when its tokens were last renewed, else when it was signed in. */
  lastUsedAt: string;
  /** ISO 8601: when it ends unless renewed. */
  expiresAt: string;
  /** Where it was signed in ('Chrome on Linux'), from its User-Agent; null when unknown. */
  device: string | null;
  rememberMe: boolean;
  /** The session the request came with. */
  current: boolean;
}

export interface SessionsResponse {
  success: true;
  sessions: SessionView[];
}

/** POST /api/auth/password: the other sessions of the user end. */
export interface PasswordChangeResponse {
  success: true;
  sessionsEnded: number;
}

export const PASSWORD_CHANGE_MESSAGES = Object.freeze({
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  apiKeyCannotChangePassword: 'An API key cannot change the password: sign in to change it',
  demoAccount: "The demo account's password cannot be changed",
});

/** How many of the caller's latest searches and chat answers the Performance tab measures. */
export const PERFORMANCE_SAMPLE_SIZE = 50;

export interface LatencySample {
  /** ISO 8601. */
  at: string;
  latencyMs: number;
  success: boolean;
}

export interface LatencySummary {
  /** Newest first, at most PERFORMANCE_SAMPLE_SIZE. */
  samples: LatencySample[];
  /** Null without samples. */
  p50Ms: number | null;
  p95Ms: number | null;
}

/** GET /api/user/performance: the caller's own latest searches and chat answers, as measured by the server. */
export interface PerformanceResponse {
  success: true;
  search: LatencySummary;
  chat: LatencySummary;
}

/** One chat session of the backup file: the spec's "sessions with id, messages, timestamp". */
export interface BackupChatSession {
  id: string;
  title: string;
  /** ISO 8601 of the last change. */
  timestamp: string;
  messages: { role: 'user' | 'assistant'; content: string; timestamp: string }[];
}

/** The spec's backup file (GET /api/user/backup; POST /api/user/backup/import). */
export interface BackupFile {
  userPreferences: UserPreferences;
  /** Keyed by document id: the metadata the user set on their own documents. */
  documentMetadata: Record<string, Record<string, unknown>>;
  /** Newest first. */
  searchHistory: string[];
  chatHistory: BackupChatSession[];
  /** The browser's bookmarks, each with its chunk id; the server keeps none: the page adds its own. */
  bookmarks: { id: string; [field: string]: unknown }[];
  /** ISO 8601: when the file was made. */
  exportDate?: string;
}

export interface BackupResponse {
  success: true;
  backup: BackupFile;
}

/** What an import changed: everything, or (on any failure) nothing. */
export interface BackupImportResponse {
  success: true;
  preferencesApplied: boolean;
  /** The documents whose metadata was set again. */
  documentMetadataApplied: number;
  /** Documents named in the file that are gone or that the caller may no longer change: left alone. */
  documentsSkipped: string[];
  /** The search history was set to the file's (false when it already was). */
  searchHistoryRestored: boolean;
}

export const INVALID_BACKUP_FILE = 'Invalid backup file';
