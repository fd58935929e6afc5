import { useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import styled from 'styled-components';
import { Button, FormAlert, PasswordField, TextField } from '~/components/forms';
import { Dialog } from '~/components/ui/dialog';
import { useNotify } from '~/notifications/notifications-context';
import { addProviderForm } from './model-action-form';
import type { AddProviderResult } from './model-actions';
import { checkProviderDraft, type ProviderProblems } from './model-draft';

const ADD_PROVIDER_FETCHER_KEY = 'model-add-provider';

interface AddProviderDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Add Provider': an OpenAI-compatible endpoint (Ollama, vLLM, LM Studio...), whose models then join the list. */
export function AddProviderDialog({ open, onClose }: AddProviderDialogProps) {
  // Each provider added starts the next from an empty form; Cancel keeps what was typed.
  const [added, setAdded] = useState(0);
  const onAdded = useCallback(() => {
    setAdded((count) => count + 1);
    onClose();
  }, [onClose]);
  return <AddProviderForm key={added} open={open} onClose={onClose} onAdded={onAdded} />;
}

function AddProviderForm({ open, onClose, onAdded }: AddProviderDialogProps & { onAdded: () => void }) {
  const csrfToken = useAuthenticityToken();
  const { t } = useTranslation('models');
  const fetcher = useFetcher<AddProviderResult>({ key: ADD_PROVIDER_FETCHER_KEY });
  const notify = useNotify();
  const formId = useId();
  const [name, setName] = useState('');
  const [baseURL, setBaseURL] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [problems, setProblems] = useState<ProviderProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const adding = fetcher.state !== 'idle';
  const result = submitted && fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    if (!result?.ok) return;
    notify({ type: 'success', title: t('toasts.providerAdded'), message: result.provider.name });
    onAdded();
  }, [result, notify, onAdded, t]);

  const close = () => {
    setSubmitted(false);
    setProblems({});
    onClose();
  };

  const add = () => {
    const checked = checkProviderDraft({ name, baseURL, apiKey }, t);
    setProblems(checked.ok ? {} : checked.problems);
    if (!checked.ok) return;
    setSubmitted(true);
    fetcher.submit({ ...addProviderForm(checked.request), csrf: csrfToken }, { method: 'post', action: '/models' });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('addProvider')}
      description={t('provider.description')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={adding} busy={adding}>
            {t('addProvider')}
          </Button>
        </>
      }
    >
      <StyledForm
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField
          label={t('provider.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problems.name}
          autoComplete="off"
        />
        <TextField
          label={t('provider.baseURL')}
          type="url"
          placeholder="http://localhost:11434/v1"
          value={baseURL}
          onChange={(event) => setBaseURL(event.target.value)}
          error={problems.baseURL}
          autoComplete="off"
        />
        <PasswordField
          label={t('provider.apiKey')}
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          error={problems.apiKey}
          autoComplete="off"
          hint={t('provider.apiKeyHint')}
        />
        <FormAlert>
          {result && !result.ok ? t('provider.notAdded', { reason: result.error ?? t('serverUnreachable') }) : null}
        </FormAlert>
      </StyledForm>
    </Dialog>
  );
}

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;
