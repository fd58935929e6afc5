import { CALCULATE_OPERATIONS, type ToolView } from '@docent/common/tools';
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
  return (
    <ToolDemoCard
      intent="calculate"
      title="Calculator"
      description="Runs the calculate tool on two numbers."
      tool={tool}
      canExecute={canExecute}
      fields={
        <>
          <TextField label="Number A" name="a" type="number" step="any" required defaultValue="6" />
          <SelectField label="Operation" name="operation" defaultValue="multiply">
            {CALCULATE_OPERATIONS.map((operation) => (
              <option key={operation} value={operation}>
                {operation}
              </option>
            ))}
          </SelectField>
          <TextField label="Number B" name="b" type="number" step="any" required defaultValue="7" />
        </>
      }
      outcome={(execution) => (
        <OutcomeList>
          <OutcomeLine label="Result">{formatToolResult(execution.result)}</OutcomeLine>
          <OutcomeLine label="Latency">{formatLatency(execution.metadata.latency_ms)}</OutcomeLine>
        </OutcomeList>
      )}
    />
  );
}
