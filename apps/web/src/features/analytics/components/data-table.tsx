import { useTranslation } from 'react-i18next';

/** The accessible twin of a chart: the same figures as a table, folded in a <details> under the chart. */
export function ChartDataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: Array<Array<string | number>>;
}) {
  const { t } = useTranslation('analytics');
  return (
    // A control for the screen: the printed report (PDF) shows the charts, not the toggle.
    <details className="min-w-0 text-sm print:hidden">
      <summary className="cursor-pointer text-muted-foreground">{t('Show the figures as a table')}</summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b">
              {columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-1 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])} className="border-b last:border-0">
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={columns[index]} scope="row" className="px-2 py-1 font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[index]} className="px-2 py-1 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
