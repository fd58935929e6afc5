import { MAX_TOOL_QUERY_LENGTH, type ToolView } from '@docent/common/tools';
import { useTranslation } from 'react-i18next';
import { TextField } from '~/components/forms';
import { formatLatency, searchSummary } from './tool-format';
import { OutcomeLine, OutcomeList, ToolDemoCard } from './tool-demo-card';

interface SearchDemoProps {
  tool: ToolView | null;
  canExecute: boolean;
}

/** The spec's RAG search demo: a query; the result count and the top result's title (POST /demo/search). */
export function SearchDemo({ tool, canExecute }: SearchDemoProps) {
  const { t, i18n } = useTranslation('tools');
  return (
    <ToolDemoCard
      intent="search"
      title={t('search.title')}
      description={t('search.description')}
      tool={tool}
      canExecute={canExecute}
      fields={
        <TextField
          label={t('search.query')}
          name="query"
          type="search"
          required
          maxLength={MAX_TOOL_QUERY_LENGTH}
          placeholder={t('search.placeholder')}
        />
      }
      outcome={(execution) => {
        const { countText, topTitle } = searchSummary(execution, t);
        return (
          <OutcomeList>
            <OutcomeLine label={t('search.results')}>{countText}</OutcomeLine>
            <OutcomeLine label={t('search.topResult')}>{topTitle ?? '—'}</OutcomeLine>
            <OutcomeLine label={t('demo.latency')}>
              {formatLatency(execution.metadata.latency_ms, i18n.language)}
            </OutcomeLine>
          </OutcomeList>
        );
      }}
    />
  );
}
