import { ParentSize } from '@visx/responsive';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card, CardBody, CardHeader } from '~/components/ui/card';

export interface ChartTable {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

interface ChartCardProps {
  title: string;
  /** One or two sentences saying what the chart shows, read by everyone. */
  summary: string;
  /** The chart's figures, for assistive technology. */
  table: ChartTable;
  height: number;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string | null;
  /** Under the drawing: a legend. */
  footer?: ReactNode;
  /** The chart at the width the card gives it. */
  children: (size: { width: number; height: number }) => ReactNode;
}

/** A chart in a card: title, visible summary, the drawing sized to the card, and its figures as a hidden table. */
export function ChartCard({ title, summary, table, height, empty = null, footer, children }: ChartCardProps) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={title} titleId={titleId} level={3} />
      <CardBody>
        <StyledFigure aria-labelledby={titleId} aria-describedby={summaryId}>
          <StyledSummary id={summaryId}>{summary}</StyledSummary>
          {empty ? (
            <StyledEmpty style={{ height }}>{empty}</StyledEmpty>
          ) : (
            // The drawing repeats the table below; assistive technology reads the table.
            <div aria-hidden="true" style={{ height }}>
              <ParentSize debounceTime={50}>
                {({ width }) => (width > 0 ? children({ width, height }) : null)}
              </ParentSize>
            </div>
          )}
          {footer}
          {/* Hidden by a box, not on the table itself: a table keeps its width and would widen a phone's page. */}
          <div className="visually-hidden">
            <table>
              <caption>{table.caption}</caption>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, cellIndex) => (
                      <td key={cellIndex}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </StyledFigure>
      </CardBody>
    </Card>
  );
}

/** "14:00" for an ISO hour, in UTC so the server and the browser write the same. */
export function utcHourLabel(iso: string): string {
  return `${String(new Date(iso).getUTCHours()).padStart(2, '0')}:00`;
}

const StyledFigure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const StyledSummary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledEmpty = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: center;
`;
