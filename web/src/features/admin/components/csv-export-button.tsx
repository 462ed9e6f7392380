import buttons from '../../../components/button.module.css';
import { useCsvDownload } from '../api/csv-download';
import { csvTexts } from '../model/admin-texts';

/**
 * 'Exportar CSV' (issue 40): downloads `path` with the list's current filters
 * (`query`) and the session's token; 'Exportando...' while it runs. A failure's
 * message goes to `onError`.
 */
export function CsvExportButton({
  path,
  query,
  fallbackName,
  onError,
}: {
  path: string;
  query: Record<string, string>;
  fallbackName: string;
  onError: (message: string) => void;
}) {
  const csv = useCsvDownload(onError);
  return (
    <div>
      <button
        type="button"
        className={buttons.secondary}
        disabled={csv.downloading}
        onClick={() => void csv.download(path, query, fallbackName)}
      >
        {csv.downloading ? csvTexts.exporting : csvTexts.export}
      </button>
    </div>
  );
}
