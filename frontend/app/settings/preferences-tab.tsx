import { LANGUAGES, RESULTS_PER_PAGE, THEMES, type UserPreferences } from '@docent/common/preferences';
import { SEARCH_TYPES } from '@docent/common/search';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '~/components/forms';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { SelectField } from '~/components/ui/select-field';
import { SliderField } from '~/components/ui/slider-field';
import { Switch } from '~/components/ui/switch';
import { StyledForm, StyledMuted } from './settings-layout';

/** Each language is named in itself, so anyone can find their own. */
const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

interface PreferencesTabProps {
  draft: UserPreferences;
  onChange: (changes: Partial<UserPreferences>) => void;
  saving: boolean;
  saveError: string | null;
}

/** The user's preferences as a draft: Save Changes in the page header saves them to the server. */
export function PreferencesTab({ draft, onChange, saving, saveError }: PreferencesTabProps) {
  const titleId = useId();
  const { t } = useTranslation('settings');
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('preferences.title')} titleId={titleId} description={t('preferences.description')} />
      <CardBody>
        <StyledForm onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label={t('preferences.theme')}
            value={draft.theme}
            disabled={saving}
            onChange={(event) => onChange({ theme: event.target.value as UserPreferences['theme'] })}
          >
            {THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {t(`preferences.themes.${theme}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('preferences.language')}
            value={draft.language}
            disabled={saving}
            hint={t('preferences.languageHint')}
            onChange={(event) => onChange({ language: event.target.value as UserPreferences['language'] })}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_LABELS[language]}
              </option>
            ))}
          </SelectField>
          <SliderField
            label={t('preferences.resultsPerPage')}
            value={draft.resultsPerPage}
            min={RESULTS_PER_PAGE.min}
            max={RESULTS_PER_PAGE.max}
            step={RESULTS_PER_PAGE.step}
            disabled={saving}
            onChange={(resultsPerPage) => onChange({ resultsPerPage })}
          />
          <SelectField
            label={t('preferences.defaultSearchType')}
            value={draft.defaultSearchType}
            disabled={saving}
            onChange={(event) =>
              onChange({ defaultSearchType: event.target.value as UserPreferences['defaultSearchType'] })
            }
          >
            {SEARCH_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`preferences.searchTypes.${type}`)}
              </option>
            ))}
          </SelectField>
          <Switch
            label={t('preferences.autoSave')}
            description={t('preferences.autoSaveDescription')}
            checked={draft.autoSave}
            disabled={saving}
            onChange={(autoSave) => onChange({ autoSave })}
          />
          <Switch
            label={t('preferences.notifications')}
            description={t('preferences.notificationsDescription')}
            checked={draft.notifications}
            disabled={saving}
            onChange={(notifications) => onChange({ notifications })}
          />
          {saveError && <FormAlert>{t('preferences.saveFailed', { error: saveError })}</FormAlert>}
          <StyledMuted>{t('preferences.draftNote')}</StyledMuted>
        </StyledForm>
      </CardBody>
    </Card>
  );
}
