import { MAX_TOOL_QUERY_LENGTH, type ToolView } from '@docent/common/tools';
import { TextField } from '~/components/forms';
import { formatLatency, searchSummary } from './tool-format';
import { OutcomeLine, OutcomeList, ToolDemoCard } from './tool-demo-card';

interface SearchDemoProps {
  tool: ToolView | null;
  canExecute: boolean;
}

/** The spec's RAG search demo: a query; the result count and the top result's title (POST /demo/search). */
export function SearchDemo({ tool, canExecute }: SearchDemoProps) {
  return (
    <ToolDemoCard
      intent="search"
      title="RAG Search"
      description="Runs the search tool over the documents you may read."
      tool={tool}
      canExecute={canExecute}
      fields={
        <TextField
          label="Query"
          name="query"
          type="search"
          required
          maxLength={MAX_TOOL_QUERY_LENGTH}
          placeholder="What would you like to find?"
        />
      }
      outcome={(execution) => {
        const { countText, topTitle } = searchSummary(execution);
        return (
          <OutcomeList>
            <OutcomeLine label="Results">{countText}</OutcomeLine>
            <OutcomeLine label="Top result">{topTitle ?? '—'}</OutcomeLine>
            <OutcomeLine label="Latency">{formatLatency(execution.metadata.latency_ms)}</OutcomeLine>
          </OutcomeList>
        );
      }}
    />
  );
}
