import { LANGUAGES, RESULTS_PER_PAGE, THEMES, type UserPreferences } from '@docent/common/preferences';
import { SEARCH_TYPES } from '@docent/common/search';
import { useId } from 'react';
import { FormAlert } from '~/components/forms';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { SelectField } from '~/components/ui/select-field';
import { SliderField } from '~/components/ui/slider-field';
import { Switch } from '~/components/ui/switch';
import { StyledForm, StyledMuted } from './settings-layout';

const THEME_LABELS: Record<(typeof THEMES)[number], string> = { light: 'Light', dark: 'Dark', system: 'System' };
const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};
const SEARCH_TYPE_LABELS: Record<(typeof SEARCH_TYPES)[number], string> = {
  semantic: 'Semantic',
  keyword: 'Keyword',
  hybrid: 'Hybrid',
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
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title="Preferences"
        titleId={titleId}
        description="Kept with your account, on every device you sign in on. Save Changes stores them."
      />
      <CardBody>
        <StyledForm onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label="Theme"
            value={draft.theme}
            disabled={saving}
            onChange={(event) => onChange({ theme: event.target.value as UserPreferences['theme'] })}
          >
            {THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {THEME_LABELS[theme]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Language"
            value={draft.language}
            disabled={saving}
            hint="Stored with your account; the pages are in English for now."
            onChange={(event) => onChange({ language: event.target.value as UserPreferences['language'] })}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_LABELS[language]}
              </option>
            ))}
          </SelectField>
          <SliderField
            label="Results per page"
            value={draft.resultsPerPage}
            min={RESULTS_PER_PAGE.min}
            max={RESULTS_PER_PAGE.max}
            step={RESULTS_PER_PAGE.step}
            disabled={saving}
            onChange={(resultsPerPage) => onChange({ resultsPerPage })}
          />
          <SelectField
            label="Default search type"
            value={draft.defaultSearchType}
            disabled={saving}
            onChange={(event) =>
              onChange({ defaultSearchType: event.target.value as UserPreferences['defaultSearchType'] })
            }
          >
            {SEARCH_TYPES.map((type) => (
              <option key={type} value={type}>
                {SEARCH_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <Switch
            label="Auto-save"
            description="Save your work as you go."
            checked={draft.autoSave}
            disabled={saving}
            onChange={(autoSave) => onChange({ autoSave })}
          />
          <Switch
            label="Notifications"
            description="Tell me when something I started finishes."
            checked={draft.notifications}
            disabled={saving}
            onChange={(notifications) => onChange({ notifications })}
          />
          {saveError && <FormAlert>{`Saving failed: ${saveError}`}</FormAlert>}
          <StyledMuted>Changes are kept here until you select Save Changes at the top of the page.</StyledMuted>
        </StyledForm>
      </CardBody>
    </Card>
  );
}
