/** The dashboard's audible alert: a short two-note chime made with Web Audio (no sound file to download). */
export interface Chime {
  /** Must run inside a tap or click: browsers keep audio suspended until the page has had a gesture. */
  unlock(): void;
  play(): void;
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
  return {
    unlock() {
      const AudioContextClass = audioContextConstructor();
      if (AudioContextClass === undefined) return;
      context ??= new AudioContextClass();
      void context.resume();
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
