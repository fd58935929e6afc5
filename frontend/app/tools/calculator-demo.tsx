import { CALCULATE_OPERATIONS, type ToolView } from '@docent/common/tools';
import { useTranslation } from 'react-i18next';
import { TextField } from '~/components/forms';
import { SelectField } from '~/components/ui/select-field';
import { formatLatency, formatToolResult } from './tool-format';
import { OutcomeLine, OutcomeList, ToolDemoCard } from './tool-demo-card';

interface CalculatorDemoProps {
  tool: ToolView | null;
  canExecute: boolean;
}

/** The spec's calculator demo: number A, operation, number B; the result and the latency (POST /demo/calculate). */
export function CalculatorDemo({ tool, canExecute }: CalculatorDemoProps) {
  const { t, i18n } = useTranslation('tools');
  return (
    <ToolDemoCard
      intent="calculate"
      title={t('calculator.title')}
      description={t('calculator.description')}
      tool={tool}
      canExecute={canExecute}
      fields={
        <>
          <TextField label={t('calculator.numberA')} name="a" type="number" step="any" required defaultValue="6" />
          <SelectField label={t('calculator.operation')} name="operation" defaultValue="multiply">
            {CALCULATE_OPERATIONS.map((operation) => (
              <option key={operation} value={operation}>
                {t(`calculator.operations.${operation}`)}
              </option>
            ))}
          </SelectField>
          <TextField label={t('calculator.numberB')} name="b" type="number" step="any" required defaultValue="7" />
        </>
      }
      outcome={(execution) => (
        <OutcomeList>
          <OutcomeLine label={t('calculator.result')}>{formatToolResult(execution.result, i18n.language)}</OutcomeLine>
          <OutcomeLine label={t('demo.latency')}>
            {formatLatency(execution.metadata.latency_ms, i18n.language)}
          </OutcomeLine>
        </OutcomeList>
      )}
    />
  );
}
