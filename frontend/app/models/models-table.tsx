import type { Model } from '@docent/common/models';
import styled from 'styled-components';
import { StyledDataTable, StyledTableScroller } from '~/components/ui/data-table';
import { Button } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import {
  formatAccuracy,
  formatCount,
  formatModelResponseTime,
  formatPercent,
  formatPricePer1k,
  hasTooManyErrors,
} from './model-format';
import { ModelStatusBadge } from './model-status-badge';

interface ModelsTableProps {
  models: readonly Model[];
  /** Opens a model's Configure dialog; null when the user may not configure models. */
  onConfigure: ((model: Model) => void) | null;
}

/** The Models tab's comparison table. */
export function ModelsTable({ models, onConfigure }: ModelsTableProps) {
  if (models.length === 0) return <StyledEmpty>No models are installed.</StyledEmpty>;
  return (
    <StyledTableScroller>
      <StyledDataTable>
        <caption className="visually-hidden">Model comparison</caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Status</th>
            <th scope="col" data-numeric>
              Response Time
            </th>
            <th scope="col" data-numeric>
              Cost per 1K Tokens
            </th>
            <th scope="col" data-numeric>
              Accuracy
            </th>
            <th scope="col" data-numeric>
              Usage Share
            </th>
            <th scope="col" data-numeric>
              Requests
            </th>
            <th scope="col" data-numeric>
              Errors
            </th>
            {onConfigure && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {models.map((model) => (
            <tr key={model.id}>
              <th scope="row">
                <StyledName>{model.name}</StyledName>
                <StyledProvider>{model.providerName}</StyledProvider>
              </th>
              <td>
                <ModelStatusBadge status={model.status} />
                {model.statusReason && <StyledReason>{model.statusReason}</StyledReason>}
              </td>
              <td data-numeric>{formatModelResponseTime(model.responseTime, model.requests)}</td>
              <td data-numeric>{formatPricePer1k(model.costPerToken)}</td>
              <td data-numeric>{formatAccuracy(model.accuracy)}</td>
              <td data-numeric>{formatPercent(model.usage)}</td>
              <td data-numeric>{formatCount(model.requests)}</td>
              <td data-numeric>
                {hasTooManyErrors(model.errors) ? (
                  <Badge $tone="danger">{formatCount(model.errors)}</Badge>
                ) : (
                  formatCount(model.errors)
                )}
              </td>
              {onConfigure && (
                <td>
                  <Button variant="secondary" aria-label={`Configure ${model.name}`} onClick={() => onConfigure(model)}>
                    Configure
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </StyledDataTable>
    </StyledTableScroller>
  );
}

const StyledEmpty = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const StyledName = styled.span`
  display: block;
  min-width: 9rem;
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const StyledProvider = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const StyledReason = styled.span`
  display: block;
  max-width: 16rem;
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;
