import { useState } from 'react';
import { algorithmUnits, type ColorStretch, type ImageryAlgorithm, type ImageryLayer } from '@paddock/shared/contracts';
import { Button, downloadBlob } from '@paddock/shared/ui';
import { AppModal, dialogStyles } from '@paddock/shared/ui/modal';
import { errorMessage } from '@paddock/shared/api-client';
import { useAction } from '@paddock/shared/query';
import { useMapArea } from '../../context';
import { algorithmLabels, layerLabels } from '../../map-core/imagery/labels';
import type { StatisticsState } from './Legend';
import styles from '../imagery.module.css';

/** Pixels across of the server-rendered map image (the server allows up to 2048). */
const EXPORT_IMAGE_WIDTH = 1600;

export interface ExportSubject {
  farmName: string;
  layer: ImageryLayer;
  algorithm: ImageryAlgorithm;
  /** The capture day, and how the timeline labels it. */
  day: string;
  dateLabel: string;
  fieldIds: readonly string[];
  /** The colour scale the map shows (absolute or relative): the PDF's image is drawn in it. */
  stretch: ColorStretch;
  /** One field exported: its season's figures go into the PDF (issue 29). */
  seasonField?: { id: string; name: string } | null;
}

interface ExportMapDialogProps {
  isOpen: boolean;
  /** Null when no date is chosen yet. */
  subject: ExportSubject | null;
  statistics: StatisticsState;
  onClose(): void;
}

/**
 * Export mode (spec 2 §4): the map of the chosen date as an A4 PDF. The image comes from the
 * server, which refuses it to Basic accounts; jsPDF loads only when a PDF is made.
 */
export function ExportMapDialog({ isOpen, subject, statistics, onClose }: ExportMapDialogProps) {
  const { imagery, seasons } = useMapArea();
  const [error, setError] = useState<string | null>(null);
  // The failure is shown in the dialog, next to the button to try again.
  const exportAction = useAction({ run: (subject: ExportSubject) => buildAndDownload(subject), failure: false });
  const busy = exportAction.busy;

  const close = () => {
    setError(null);
    onClose();
  };
  const buildAndDownload = async (subject: ExportSubject) => {
    const [image, pdf] = await Promise.all([
      imagery.exportImage({
        fieldIds: subject.fieldIds,
        layer: subject.layer,
        algorithm: subject.algorithm,
        date: subject.day,
        width: EXPORT_IMAGE_WIDTH,
        stretch: subject.stretch,
      }),
      import('../pdf/mapPdf'),
    ]);
    // The season block is a bonus: a weather hiccup never stops the map's PDF.
    const season = subject.seasonField
      ? await import('../pdf/pdfSeason')
          .then(({ pdfSeasonOf }) =>
            pdfSeasonOf(
              seasons,
              subject.seasonField as { id: string; name: string },
              new Date().toISOString().slice(0, 10),
            ),
          )
          .catch(() => null)
      : null;
    const stats = statistics.kind === 'ready' ? statistics.statistics : null;
    const content = {
      farmName: subject.farmName,
      layer: subject.layer,
      algorithm: subject.algorithm,
      dateLabel: subject.dateLabel,
      png: new Uint8Array(await image.arrayBuffer()),
      legend: stats && {
        colors: stats.color_rendering.color_range,
        min: stats.min,
        mean: stats.mean,
        max: stats.max,
        unit: algorithmUnits[subject.algorithm],
      },
      season,
    };
    downloadBlob(pdf.buildMapPdf(content).output('blob'), pdf.pdfFileName(content, subject.day));
  };
  const exportPdf = (subject: ExportSubject) => {
    setError(null);
    exportAction
      .run(subject)
      .then(close, (failure: unknown) =>
        setError(errorMessage(failure, 'The map could not be exported. Please try again.')),
      );
  };

  return (
    <AppModal title="Export Map" isOpen={isOpen} isBusy={busy} onOpenChange={(open) => !open && close()}>
      <div className={dialogStyles.stack}>
        {subject ? (
          <dl className={styles.summary}>
            <div>
              <dt>Farm</dt>
              <dd>{subject.farmName}</dd>
            </div>
            <div>
              <dt>Layer</dt>
              <dd>{layerLabels[subject.layer]}</dd>
            </div>
            <div>
              <dt>Calculation</dt>
              <dd>{algorithmLabels[subject.algorithm]}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{subject.dateLabel}</dd>
            </div>
          </dl>
        ) : (
          <p className={dialogStyles.text}>
            Choose a date on the timeline first: the PDF shows the map of that date with its legend.
          </p>
        )}
        {error && (
          <p className={dialogStyles.warning} role="alert">
            {error}
          </p>
        )}
        <div className={dialogStyles.actions}>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          {subject && (
            <Button onClick={() => exportPdf(subject)} disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Preparing the PDF…' : 'Download PDF'}
            </Button>
          )}
        </div>
      </div>
    </AppModal>
  );
}
