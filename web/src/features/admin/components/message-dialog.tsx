import { useEffect, useEffectEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { adminTexts } from '../model/admin-texts';

/** What a mutation ended with: admin-spec §4 shows errors and successes in a modal with an OK button. */
export interface Outcome {
  tone: 'success' | 'error';
  text: string;
  /** Closes by itself after this long (the sale success message, admin-spec §9). */
  hideAfterMs?: number;
  /** Tells two equal messages in a row apart. */
  id: number;
}

export function MessageDialog({
  outcome,
  onClose,
}: {
  outcome: Outcome | null;
  onClose: () => void;
}) {
  if (!outcome) return null;
  return <OpenMessageDialog key={outcome.id} outcome={outcome} onClose={onClose} />;
}

function OpenMessageDialog({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const close = useEffectEvent(onClose);
  const { hideAfterMs } = outcome;
  useEffect(() => {
    if (hideAfterMs === undefined) return;
    const timer = setTimeout(() => close(), hideAfterMs);
    return () => clearTimeout(timer);
  }, [hideAfterMs]);
  return (
    <Dialog
      title={outcome.tone === 'error' ? adminTexts.errorTitle : adminTexts.successTitle}
      tone={outcome.tone}
      closeLabel="OK"
      onClose={onClose}
    >
      <p>{outcome.text}</p>
    </Dialog>
  );
}
