import 'i18next';
import type admin from '~/locales/en/admin.json';
import type analytics from '~/locales/en/analytics.json';
import type auth from '~/locales/en/auth.json';
import type common from '~/locales/en/common.json';
import type dashboard from '~/locales/en/dashboard.json';
import type documents from '~/locales/en/documents.json';
import type errors from '~/locales/en/errors.json';
import type intelligence from '~/locales/en/intelligence.json';
import type models from '~/locales/en/models.json';
import type search from '~/locales/en/search.json';
import type settings from '~/locales/en/settings.json';
import type tools from '~/locales/en/tools.json';

// Keys are checked against the English texts: a t('...') that names no text fails the build.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      dashboard: typeof dashboard;
      documents: typeof documents;
      search: typeof search;
      intelligence: typeof intelligence;
      models: typeof models;
      tools: typeof tools;
      analytics: typeof analytics;
      admin: typeof admin;
      settings: typeof settings;
      errors: typeof errors;
    };
  }
}
