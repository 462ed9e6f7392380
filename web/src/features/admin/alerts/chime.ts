/** A short two-note chime played with WebAudio (no audio file to download). */
export interface Chime {
  /** Called from a click (browsers start audio only after a gesture): the next chimes can play. */
  unlock(): void;
  play(): void;
}

type AudioContextFactory = () => AudioContext | null;

function browserAudioContext(): AudioContext | null {
  return typeof AudioContext === 'undefined' ? null : new AudioContext();
}

/** The chime's notes: frequency (Hz), start and length (s). */
const NOTES = [
  { frequency: 880, at: 0, length: 0.12 },
  { frequency: 1_320, at: 0.14, length: 0.18 },
] as const;
const VOLUME = 0.2;

export function createChime(makeContext: AudioContextFactory = browserAudioContext): Chime {
  let context: AudioContext | null = null;
  const ready = (): AudioContext | null => {
    context ??= makeContext();
    if (context?.state === 'suspended') void context.resume().catch(() => undefined);
    return context;
  };
  return {
    unlock: () => {
      ready();
    },
    play: () => {
      const audio = ready();
      if (!audio) return;
      const start = audio.currentTime;
      for (const note of NOTES) {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.type = 'sine';
        oscillator.frequency.value = note.frequency;
        // A quick fade in and out: no click at either end.
        gain.gain.setValueAtTime(0, start + note.at);
        gain.gain.linearRampToValueAtTime(VOLUME, start + note.at + 0.02);
        gain.gain.linearRampToValueAtTime(0, start + note.at + note.length);
        oscillator.connect(gain);
        gain.connect(audio.destination);
        oscillator.start(start + note.at);
        oscillator.stop(start + note.at + note.length);
      }
    },
  };
}
