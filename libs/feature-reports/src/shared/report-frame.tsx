import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { errorMessage, reportErrorDetail } from '@camposense/data-access';
import { localeOf, useTranslation } from '@camposense/i18n';
import { showToast, TimeZoneNote } from '@camposense/ui';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';

export interface ReportFrameProps {
  title: string;
  /** Every record the filters select, across all pages. */
  total: number;
  /** Starts the CSV download of what the filters select. */
  onExport: () => Promise<void>;
  children: ReactNode;
}

/** The loaded state of a report: title, total count, the export button, then the table and pager. */
export function ReportFrame({ title, total, onExport, children }: ReportFrameProps) {
  const { t, i18n } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await onExport();
    } catch (error) {
      reportErrorDetail('CSV export', error);
      const failure = errorMessage(error);
      showToast({ type: 'error', title: t('reports.exportFailed'), message: t(failure.key, failure.values) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="4">
      <HStack justify="space-between" align="end" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h2" size="lg" letterSpacing="wide">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t('reports.total', { total: new Intl.NumberFormat(localeOf(i18n.language)).format(total) })}
          </Text>
          {/* The zone the date columns (and the CSV) are in, named once for the whole table. */}
          <TimeZoneNote />
        </Stack>
        <Button size="sm" colorPalette="brand" variant="outline" loading={exporting} loadingText={t('reports.exporting')} onClick={() => void exportCsv()}>
          <Download aria-hidden />
          {t('reports.export')}
        </Button>
      </HStack>
      {children}
    </Stack>
  );
}
