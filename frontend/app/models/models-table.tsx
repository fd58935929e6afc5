import type { Model } from '@docent/common/models';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { StyledDataTable, StyledTableScroller } from '~/components/ui/data-table';
import { Button } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { hasTooManyErrors, useModelFormat } from './model-format';
import { ModelStatusBadge } from './model-status-badge';

interface ModelsTableProps {
  models: readonly Model[];
  /** Opens a model's Configure dialog; null when the user may not configure models. */
  onConfigure: ((model: Model) => void) | null;
}

/** The Models tab's comparison table. */
export function ModelsTable({ models, onConfigure }: ModelsTableProps) {
  const { t } = useTranslation('models');
  const format = useModelFormat();
  if (models.length === 0) return <StyledEmpty>{t('noModels')}</StyledEmpty>;
  return (
    <StyledTableScroller>
      <StyledDataTable>
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.model')}</th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col" data-numeric>
              {t('table.responseTime')}
            </th>
            <th scope="col" data-numeric>
              {t('table.costPer1k')}
            </th>
            <th scope="col" data-numeric>
              {t('table.accuracy')}
            </th>
            <th scope="col" data-numeric>
              {t('table.usageShare')}
            </th>
            <th scope="col" data-numeric>
              {t('table.requests')}
            </th>
            <th scope="col" data-numeric>
              {t('table.errors')}
            </th>
            {onConfigure && (
              <th scope="col">
                <span className="visually-hidden">{t('table.actions')}</span>
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
              <td data-numeric>{format.modelResponseTime(model.responseTime, model.requests)}</td>
              <td data-numeric>{format.pricePer1k(model.costPerToken)}</td>
              <td data-numeric>{format.accuracy(model.accuracy)}</td>
              <td data-numeric>{format.percent(model.usage)}</td>
              <td data-numeric>{format.count(model.requests)}</td>
              <td data-numeric>
                {hasTooManyErrors(model.errors) ? (
                  <Badge $tone="danger">{format.count(model.errors)}</Badge>
                ) : (
                  format.count(model.errors)
                )}
              </td>
              {onConfigure && (
                <td>
                  <Button
                    variant="secondary"
                    aria-label={t('table.configureLabel', { model: model.name })}
                    onClick={() => onConfigure(model)}
                  >
                    {t('table.configure')}
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
