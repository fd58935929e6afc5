import type { ModelStatus } from '@docent/common/models';
import { useTranslation } from 'react-i18next';
import { Badge, StatusDot } from '~/components/ui/badge';
import { STATUS_LABELS, STATUS_TONES } from './model-format';

/** A model's status, written out beside its colour (the colour alone says nothing to some readers). */
export function ModelStatusBadge({ status }: { status: ModelStatus }) {
  const { t } = useTranslation('models');
  const tone = STATUS_TONES[status];
  return (
    <Badge $tone={tone}>
      <StatusDot $tone={tone} aria-hidden="true" />
      {t(STATUS_LABELS[status])}
    </Badge>
  );
}
