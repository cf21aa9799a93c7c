/** The dashboard's audible alert: a short two-note chime made with Web Audio (no sound file to download). */
export interface Chime {
  /**
   * Must run inside a tap or click: browsers keep audio suspended until the page has had a gesture. Answers whether
   * sound plays now (no: the browser refused, or has no Web Audio).
   */
  unlock(): Promise<boolean>;
  play(): void;
  /** Tells when the browser stops the sound after it played (another app took the audio, the tablet suspended it). */
  onStopped(listener: () => void): () => void;
}

type AudioContextConstructor = new () => AudioContext;

function audioContextConstructor(): AudioContextConstructor | undefined {
  const scope = globalThis as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

// Two rising notes, loud and bright enough to cut through extractor fans, short enough not to annoy.
const NOTES = [
  { frequency: 880, startsAt: 0 },
  { frequency: 1318.5, startsAt: 0.22 },
] as const;
const NOTE_SECONDS = 0.35;

export function createChime(): Chime {
  let context: AudioContext | undefined;
  const stoppedListeners = new Set<() => void>();
  return {
    async unlock() {
      const AudioContextClass = audioContextConstructor();
      if (AudioContextClass === undefined) return false;
      if (context === undefined) {
        const created = new AudioContextClass();
        context = created;
        // "suspended", or Safari's "interrupted": nothing more will be heard until another tap.
        created.addEventListener('statechange', () => {
          if (created.state !== 'running') stoppedListeners.forEach((listener) => listener());
        });
      }
      try {
        await context.resume();
      } catch {
        return false;
      }
      return context.state === 'running';
    },
    onStopped(listener) {
      stoppedListeners.add(listener);
      return () => stoppedListeners.delete(listener);
    },
    play() {
      if (context === undefined || context.state !== 'running') return;
      for (const note of NOTES) {
        const startsAt = context.currentTime + note.startsAt;
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = 'sine';
        oscillator.frequency.value = note.frequency;
        gain.gain.setValueAtTime(0.0001, startsAt);
        gain.gain.exponentialRampToValueAtTime(0.6, startsAt + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, startsAt + NOTE_SECONDS);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(startsAt);
        oscillator.stop(startsAt + NOTE_SECONDS);
      }
    },
  };
}
