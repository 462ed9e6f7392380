import type { RebuildProgress } from '../rebuild';

const PHASES: Record<RebuildProgress['phase'], string> = {
  reading: 'lendo o log',
  writing: 'gravando',
  switching: 'trocando',
  comparing: 'comparando',
};

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** "[███████░░░] 70% 140.000 eventos · 61.000 eventos/s · ETA 1 s": position of head, rate and time left. */
export function progressLine(progress: RebuildProgress, width = 24): string {
  const fraction = progress.head > 0 ? Math.min(1, progress.position / progress.head) : 1;
  const seconds = progress.elapsedMs / 1000;
  const rate = seconds > 0 ? progress.events / seconds : 0;
  const left = fraction > 0 ? (seconds * (1 - fraction)) / fraction : Number.POSITIVE_INFINITY;
  const filled = Math.round(fraction * width);
  const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
  const eta = Number.isFinite(left) ? `${integer.format(Math.ceil(left))} s` : '?';
  return [
    `${PHASES[progress.phase]} [${bar}] ${Math.floor(fraction * 100)}%`,
    `${integer.format(progress.events)} eventos`,
    `${integer.format(rate)} eventos/s`,
    `ETA ${eta}`,
  ].join(' · ');
}

/**
 * Draws the progress on stderr: redrawn in place on a terminal (at most every
 * 100 ms), a line a second otherwise (a log file or CI keeps a readable trail).
 */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): {
  update(progress: RebuildProgress): void;
  done(): void;
} {
  const tty = stream.isTTY === true;
  const every = tty ? 100 : 1_000;
  let last = 0;
  let drawn = false;
  return {
    update(progress) {
      const now = Date.now();
      if (now - last < every && progress.phase === 'reading') return;
      last = now;
      const line = progressLine(progress);
      if (tty) {
        stream.write(`\r${line}\u001b[K`);
        drawn = true;
      } else {
        stream.write(`${line}\n`);
      }
    },
    done() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}
