import { DOCUMENT_STATUSES, DOCUMENT_TYPES, type DocumentStatus, type DocumentType } from '@docent/common/documents';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Checkbox, StyledField, StyledInput, StyledLabel, TextField } from '~/components/forms';
import { inputStyles } from '~/components/forms/field-parts';
import { SearchIcon } from '~/components/ui/icons';
import { bytesToMegabytes, isNarrowed, megabytesToBytes, type DocumentListState } from './document-filters';
import { useDebouncedCallback } from './use-debounced-callback';

/** Long enough to finish a word, short enough to feel immediate. */
const TYPING_PAUSE_MS = 350;

interface FilterControlsProps {
  state: DocumentListState;
  /** Applies a change; `replace` for keystrokes, so Back skips the half-typed states. */
  onChange: (change: Partial<Omit<DocumentListState, 'page'>>, options?: { replace?: boolean }) => void;
  onClear: () => void;
}

/**
 * What a typed field shows: the person's own text while they type, replaced only when
 * the URL's value changes for another reason (Clear filters, Back). The URL catching
 * up with an earlier pause in the typing must not wipe what was typed since, so the
 * values this field sent itself are recognised and ignored.
 */
function useTypedDraft(urlValue: string) {
  const [draft, setDraft] = useState(urlValue);
  const sentByThisField = useRef(new Set<string>());
  useEffect(() => {
    if (sentByThisField.current.has(urlValue)) return;
    sentByThisField.current.clear();
    setDraft(urlValue);
  }, [urlValue]);
  const markSent = (value: string) => sentByThisField.current.add(value);
  return { draft, setDraft, markSent };
}

function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((existing) => existing !== item);
}

/** The search box: searched on the server by name or type as typing pauses. */
export function DocumentSearchBox({ state, onChange }: Omit<FilterControlsProps, 'onClear'>) {
  const inputId = useId();
  const { t } = useTranslation('documents');
  const search = useTypedDraft(state.search);
  const applySearch = useDebouncedCallback((text: string) => {
    search.markSent(text.trim());
    onChange({ search: text.trim() }, { replace: true });
  }, TYPING_PAUSE_MS);

  return (
    <StyledSearchBox role="search">
      <label htmlFor={inputId} className="visually-hidden">
        {t('filters.searchLabel')}
      </label>
      <SearchIcon size={18} />
      <StyledSearchInput
        id={inputId}
        type="search"
        placeholder={t('filters.searchPlaceholder')}
        value={search.draft}
        onChange={(event) => {
          search.setDraft(event.target.value);
          applySearch(event.target.value);
        }}
      />
    </StyledSearchBox>
  );
}

/** The spec's Document filter: status, type, upload date, size and vectors. */
export function DocumentFilterPanel({ state, onChange, onClear }: FilterControlsProps) {
  const vectorsId = useId();
  const { t } = useTranslation('documents');
  const sizeMin = useTypedDraft(bytesToMegabytes(state.sizeMin));
  const sizeMax = useTypedDraft(bytesToMegabytes(state.sizeMax));
  const applySize = useDebouncedCallback((field: 'sizeMin' | 'sizeMax', text: string) => {
    const bytes = megabytesToBytes(text);
    (field === 'sizeMin' ? sizeMin : sizeMax).markSent(bytesToMegabytes(bytes));
    onChange({ [field]: bytes }, { replace: true });
  }, TYPING_PAUSE_MS);

  return (
    <StyledPanel aria-label={t('filters.label')}>
      <StyledChoiceGroup>
        <legend>{t('filters.status')}</legend>
        {DOCUMENT_STATUSES.map((status: DocumentStatus) => (
          <Checkbox
            key={status}
            label={t(`status.${status}`)}
            checked={state.statuses.includes(status)}
            onChange={(event) => onChange({ statuses: toggled(state.statuses, status, event.target.checked) })}
          />
        ))}
      </StyledChoiceGroup>

      <StyledChoiceGroup>
        <legend>{t('filters.type')}</legend>
        {DOCUMENT_TYPES.map((type: DocumentType) => (
          <Checkbox
            key={type}
            label={type}
            checked={state.fileTypes.includes(type)}
            onChange={(event) => onChange({ fileTypes: toggled(state.fileTypes, type, event.target.checked) })}
          />
        ))}
      </StyledChoiceGroup>

      <StyledFieldset>
        <legend>{t('filters.uploaded')}</legend>
        <TextField
          label={t('filters.from')}
          type="date"
          value={state.dateFrom ?? ''}
          max={state.dateTo ?? undefined}
          onChange={(event) => onChange({ dateFrom: event.target.value || null })}
        />
        <TextField
          label={t('filters.to')}
          type="date"
          value={state.dateTo ?? ''}
          min={state.dateFrom ?? undefined}
          onChange={(event) => onChange({ dateTo: event.target.value || null })}
        />
      </StyledFieldset>

      <StyledFieldset>
        <legend>{t('filters.size')}</legend>
        <TextField
          label={t('filters.minimum')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={sizeMin.draft}
          onChange={(event) => {
            sizeMin.setDraft(event.target.value);
            applySize('sizeMin', event.target.value);
          }}
        />
        <TextField
          label={t('filters.maximum')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={sizeMax.draft}
          onChange={(event) => {
            sizeMax.setDraft(event.target.value);
            applySize('sizeMax', event.target.value);
          }}
        />
      </StyledFieldset>

      <StyledField>
        <StyledLabel htmlFor={vectorsId}>{t('filters.hasVectors')}</StyledLabel>
        <StyledSelect
          id={vectorsId}
          value={state.hasVectors === null ? 'any' : String(state.hasVectors)}
          onChange={(event) =>
            onChange({ hasVectors: event.target.value === 'any' ? null : event.target.value === 'true' })
          }
        >
          <option value="any">{t('filters.any')}</option>
          <option value="true">{t('filters.yes')}</option>
          <option value="false">{t('filters.no')}</option>
        </StyledSelect>
      </StyledField>

      <StyledClear>
        <Button variant="secondary" onClick={onClear} disabled={!isNarrowed(state)}>
          {t('filters.clear')}
        </Button>
      </StyledClear>
    </StyledPanel>
  );
}

const StyledSearchBox = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  flex: 1;
  min-width: min(100%, 18rem);

  svg {
    position: absolute;
    left: ${({ theme }) => theme.space.md};
    color: ${({ theme }) => theme.color.textMuted};
    pointer-events: none;
  }
`;

const StyledSearchInput = styled(StyledInput)`
  padding-left: 2.5rem;
`;

const StyledPanel = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  align-items: start;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

const StyledFieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.sm};
    padding: 0;
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const StyledChoiceGroup = styled(StyledFieldset)`
  gap: ${({ theme }) => theme.space.xs};
`;

const StyledSelect = styled.select<{ $invalid?: boolean }>`
  ${inputStyles}
`;

const StyledClear = styled.div`
  display: flex;
  align-items: flex-end;
  align-self: end;
`;
